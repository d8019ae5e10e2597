import type { MetaFunction } from 'react-router';
import { ContentEditorPage } from '../../components/admin/content/ContentEditorPage.tsx';
import { procurementContent } from './procurement-content.ts';

export const meta: MetaFunction = () => [{ title: 'Procurement record | Summit back office' }];

export default function ProcurementEditorPage() {
  return <ContentEditorPage config={procurementContent} />;
}
