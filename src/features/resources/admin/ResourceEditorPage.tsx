import type { MetaFunction } from 'react-router';
import { ContentEditorPage } from '../../../components/admin/content/ContentEditorPage.tsx';
import { resourceContent } from './resource-content.ts';

export const meta: MetaFunction = () => [{ title: 'Resource | Summit back office' }];

export default function ResourceEditorPage() {
  return <ContentEditorPage config={resourceContent} />;
}
