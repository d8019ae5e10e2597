import { ContentListPage } from '../../../admin/content/ContentListPage.tsx';
import { resourceContent } from './resource-content.ts';

export default function ResourceListPage() {
  return <ContentListPage config={resourceContent} />;
}
