import { ContentEditorPage } from '../../../admin/content/ContentEditorPage.tsx';
import { useSiteSettings } from '../../../data/site-settings.ts';
import { sponsorContent } from './sponsor-content.ts';

export default function SponsorEditorPage() {
  const settings = useSiteSettings();
  const tiers = Object.entries(settings.data?.partnerTiers ?? {}).map(([value, tier]) => ({ value, label: tier.label }));
  return <ContentEditorPage config={sponsorContent} options={{ tiers }} />;
}
