import { ContentEditorPage } from '../../../admin/content/ContentEditorPage.tsx';
import { eventContent } from './event-content.ts';

export default function EventEditorPage() {
  return <ContentEditorPage config={eventContent} />;
}
