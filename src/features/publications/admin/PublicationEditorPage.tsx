import type { MetaFunction } from 'react-router';
import { ContentEditorPage } from '../../../components/admin/content/ContentEditorPage.tsx';
import { publicationContent } from './publication-content.tsx';

export const meta: MetaFunction = () => [{ title: 'Publication | Summit back office' }];

export default function PublicationEditorPage() {
  return <ContentEditorPage config={publicationContent} />;
}
