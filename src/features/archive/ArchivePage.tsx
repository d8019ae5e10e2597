import { AdminPlaceholder } from '../../components/admin/AdminPlaceholder.tsx';

export default function ArchivePage() {
  return <AdminPlaceholder title="Archive" />;
}
