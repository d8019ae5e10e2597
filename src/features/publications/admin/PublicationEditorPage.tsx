import { ContentEditorPage } from '../../../admin/content/ContentEditorPage.tsx';
import { publicationContent } from './publication-content.tsx';

export default function PublicationEditorPage() {
  return <ContentEditorPage config={publicationContent} />;
}
