import { ContentListPage } from '../../../admin/content/ContentListPage.tsx';
import { procurementContent } from './procurement-content.ts';

export default function ProcurementListPage() {
  return <ContentListPage config={procurementContent} />;
}
