import { useQuery } from '@tanstack/react-query';
import { ContentEditorPage } from '../../../admin/content/ContentEditorPage.tsx';
import { adminKey } from '../../../data/query-keys.ts';
import { fetchAllSpeakers } from '../../../data/speakers.ts';
import { sessionContent } from './session-content.ts';

/** Every speaker, drafts included, in display order: a session may name a speaker not yet announced. */
function useSpeakerChoices() {
  return useQuery({
    queryKey: [...adminKey('speakers'), 'choices'],
    queryFn: fetchAllSpeakers,
    select: (speakers) => speakers.map((s) => ({ value: s.id, label: s.organisation ? `${s.name} (${s.organisation})` : s.name })),
  });
}

export default function SessionEditorPage() {
  const speakers = useSpeakerChoices();
  return <ContentEditorPage config={sessionContent} options={{ speakers: speakers.data }} />;
}
