import type { MetaFunction } from 'react-router';
import { ContentListPage } from '../../../components/admin/content/ContentListPage.tsx';
import { jobContent } from './job-content.ts';

export const meta: MetaFunction = () => [{ title: 'Jobs | Summit back office' }];

export default function JobListPage() {
  return <ContentListPage config={jobContent} />;
}
