import type { MetaFunction } from 'react-router';
import { ContentEditorPage } from '../../../components/admin/content/ContentEditorPage.tsx';
import { eventContent } from './event-content.ts';

export const meta: MetaFunction = () => [{ title: 'Event | Summit back office' }];

export default function EventEditorPage() {
  return <ContentEditorPage config={eventContent} />;
}
