import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function SponsorEditorPage() {
  return <AdminPlaceholder title="Sponsors Editor" />;
}
