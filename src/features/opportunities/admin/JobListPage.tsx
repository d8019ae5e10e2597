import { ContentListPage } from '../../../admin/content/ContentListPage.tsx';
import { jobContent } from './job-content.ts';

export default function JobListPage() {
  return <ContentListPage config={jobContent} />;
}
