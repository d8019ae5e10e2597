import type { MetaFunction } from 'react-router';
import { ContentEditorPage } from '../../../components/admin/content/ContentEditorPage.tsx';
import { jobContent } from './job-content.ts';

export const meta: MetaFunction = () => [{ title: 'Job | Summit back office' }];

export default function JobEditorPage() {
  return <ContentEditorPage config={jobContent} />;
}
