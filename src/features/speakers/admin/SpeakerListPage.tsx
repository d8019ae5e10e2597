import { ContentListPage } from '../../../admin/content/ContentListPage.tsx';
import { speakerContent } from './speaker-content.ts';

export default function SpeakerListPage() {
  return <ContentListPage config={speakerContent} />;
}
