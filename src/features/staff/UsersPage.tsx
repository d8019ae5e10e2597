import { AdminPlaceholder } from '../../components/admin/AdminPlaceholder.tsx';

export default function UsersPage() {
  return <AdminPlaceholder title="Users" />;
}
