import type { MetaFunction } from 'react-router';
import { ContentListPage } from '../../../components/admin/content/ContentListPage.tsx';
import { speakerContent } from './speaker-content.ts';

export const meta: MetaFunction = () => [{ title: 'Speakers | Summit back office' }];

export default function SpeakerListPage() {
  return <ContentListPage config={speakerContent} />;
}
