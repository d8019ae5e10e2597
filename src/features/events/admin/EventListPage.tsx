import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function EventListPage() {
  return <AdminPlaceholder title="Events" />;
}
