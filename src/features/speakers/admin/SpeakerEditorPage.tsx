import type { MetaFunction } from 'react-router';
import { ContentEditorPage } from '../../../components/admin/content/ContentEditorPage.tsx';
import { speakerContent } from './speaker-content.ts';

export const meta: MetaFunction = () => [{ title: 'Speaker | Summit back office' }];

export default function SpeakerEditorPage() {
  return <ContentEditorPage config={speakerContent} />;
}
