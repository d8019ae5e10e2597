import { ContentEditorPage } from '../../../admin/content/ContentEditorPage.tsx';
import { speakerContent } from './speaker-content.ts';

export default function SpeakerEditorPage() {
  return <ContentEditorPage config={speakerContent} />;
}
