import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function SessionListPage() {
  return <AdminPlaceholder title="Programme" />;
}
