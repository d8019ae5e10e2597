import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function JobEditorPage() {
  return <AdminPlaceholder title="Jobs Editor" />;
}
