import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function RegistrationsPage() {
  return <AdminPlaceholder title="Registrations" />;
}
