import type { MetaFunction } from 'react-router';
import { ContentListPage } from '../../../components/admin/content/ContentListPage.tsx';
import { sponsorContent } from './sponsor-content.ts';

export const meta: MetaFunction = () => [{ title: 'Sponsors | Summit back office' }];

export default function SponsorListPage() {
  return <ContentListPage config={sponsorContent} />;
}
