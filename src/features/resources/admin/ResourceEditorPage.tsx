import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function ResourceEditorPage() {
  return <AdminPlaceholder title="Resources Editor" />;
}
