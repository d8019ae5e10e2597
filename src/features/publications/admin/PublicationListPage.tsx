import { ContentListPage } from '../../../admin/content/ContentListPage.tsx';
import { publicationContent } from './publication-content.tsx';

export default function PublicationListPage() {
  return <ContentListPage config={publicationContent} />;
}
