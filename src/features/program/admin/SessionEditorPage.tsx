import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function SessionEditorPage() {
  return <AdminPlaceholder title="Programme Editor" />;
}
