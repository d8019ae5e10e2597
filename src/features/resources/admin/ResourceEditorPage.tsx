import { ContentEditorPage } from '../../../admin/content/ContentEditorPage.tsx';
import { resourceContent } from './resource-content.ts';

export default function ResourceEditorPage() {
  return <ContentEditorPage config={resourceContent} />;
}
