import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function EventEditorPage() {
  return <AdminPlaceholder title="Events Editor" />;
}
