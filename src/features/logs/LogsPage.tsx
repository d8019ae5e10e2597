import { AdminPlaceholder } from '../../components/admin/AdminPlaceholder.tsx';

export default function LogsPage() {
  return <AdminPlaceholder title="Logs" />;
}
