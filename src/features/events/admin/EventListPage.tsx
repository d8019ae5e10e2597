import { ContentListPage } from '../../../admin/content/ContentListPage.tsx';
import { eventContent } from './event-content.ts';

export default function EventListPage() {
  return <ContentListPage config={eventContent} />;
}
