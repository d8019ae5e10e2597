import type { MetaFunction } from 'react-router';
import { ContentListPage } from '../../../components/admin/content/ContentListPage.tsx';
import { publicationContent } from './publication-content.tsx';

export const meta: MetaFunction = () => [{ title: 'Publications | Summit back office' }];

export default function PublicationListPage() {
  return <ContentListPage config={publicationContent} />;
}
