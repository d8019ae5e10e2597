import type { MetaFunction } from 'react-router';
import { ContentListPage } from '../../components/admin/content/ContentListPage.tsx';
import { procurementContent } from './procurement-content.ts';

export const meta: MetaFunction = () => [{ title: 'Procurement | Summit back office' }];

export default function ProcurementListPage() {
  return <ContentListPage config={procurementContent} />;
}
