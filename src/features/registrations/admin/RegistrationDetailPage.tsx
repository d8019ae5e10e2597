import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function RegistrationDetailPage() {
  return <AdminPlaceholder title="Registrations :Collection :Id" />;
}
