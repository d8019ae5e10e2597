import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function SpeakerEditorPage() {
  return <AdminPlaceholder title="Speakers Editor" />;
}
