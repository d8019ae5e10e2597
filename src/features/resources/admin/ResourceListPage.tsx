import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function ResourceListPage() {
  return <AdminPlaceholder title="Resources" />;
}
