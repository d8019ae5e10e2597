import { ContentListPage } from '../../../admin/content/ContentListPage.tsx';
import { tenderContent } from './tender-content.ts';

export default function TenderListPage() {
  return <ContentListPage config={tenderContent} />;
}
