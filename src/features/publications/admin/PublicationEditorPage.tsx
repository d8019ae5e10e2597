import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function PublicationEditorPage() {
  return <AdminPlaceholder title="Publications Editor" />;
}
