import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function PaymentsPage() {
  return <AdminPlaceholder title="Payments" />;
}
