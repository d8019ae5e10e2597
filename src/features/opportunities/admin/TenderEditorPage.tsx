import { ContentEditorPage } from '../../../admin/content/ContentEditorPage.tsx';
import { tenderContent } from './tender-content.ts';

export default function TenderEditorPage() {
  return <ContentEditorPage config={tenderContent} />;
}
