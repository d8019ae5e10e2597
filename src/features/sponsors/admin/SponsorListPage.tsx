import { ContentListPage } from '../../../admin/content/ContentListPage.tsx';
import { sponsorContent } from './sponsor-content.ts';

export default function SponsorListPage() {
  return <ContentListPage config={sponsorContent} />;
}
