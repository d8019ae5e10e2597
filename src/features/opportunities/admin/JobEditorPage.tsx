import { ContentEditorPage } from '../../../admin/content/ContentEditorPage.tsx';
import { jobContent } from './job-content.ts';

export default function JobEditorPage() {
  return <ContentEditorPage config={jobContent} />;
}
