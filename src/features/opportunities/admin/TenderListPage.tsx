import type { MetaFunction } from 'react-router';
import { ContentListPage } from '../../../components/admin/content/ContentListPage.tsx';
import { tenderContent } from './tender-content.ts';

export const meta: MetaFunction = () => [{ title: 'Tenders | Summit back office' }];

export default function TenderListPage() {
  return <ContentListPage config={tenderContent} />;
}
