import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function SpeakerListPage() {
  return <AdminPlaceholder title="Speakers" />;
}
