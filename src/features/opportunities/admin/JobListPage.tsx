import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function JobListPage() {
  return <AdminPlaceholder title="Jobs" />;
}
