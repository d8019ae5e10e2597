import type { MetaFunction } from 'react-router';
import { ContentListPage } from '../../../components/admin/content/ContentListPage.tsx';
import { eventContent } from './event-content.ts';

export const meta: MetaFunction = () => [{ title: 'Events | Summit back office' }];

export default function EventListPage() {
  return <ContentListPage config={eventContent} />;
}
