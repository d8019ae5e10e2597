import type { MetaFunction } from 'react-router';
import { ContentListPage } from '../../../components/admin/content/ContentListPage.tsx';
import { sessionContent } from './session-content.ts';

export const meta: MetaFunction = () => [{ title: 'Programme | Summit back office' }];

export default function SessionListPage() {
  return <ContentListPage config={sessionContent} />;
}
