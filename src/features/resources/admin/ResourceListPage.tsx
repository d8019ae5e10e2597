import type { MetaFunction } from 'react-router';
import { ContentListPage } from '../../../components/admin/content/ContentListPage.tsx';
import { resourceContent } from './resource-content.ts';

export const meta: MetaFunction = () => [{ title: 'Resources | Summit back office' }];

export default function ResourceListPage() {
  return <ContentListPage config={resourceContent} />;
}
