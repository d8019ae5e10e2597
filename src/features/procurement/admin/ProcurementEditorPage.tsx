import { ContentEditorPage } from '../../../admin/content/ContentEditorPage.tsx';
import { procurementContent } from './procurement-content.ts';

export default function ProcurementEditorPage() {
  return <ContentEditorPage config={procurementContent} />;
}
