import { ContentListPage } from '../../../admin/content/ContentListPage.tsx';
import { sessionContent } from './session-content.ts';

export default function SessionListPage() {
  return <ContentListPage config={sessionContent} />;
}
