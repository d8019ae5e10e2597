import { AdminPlaceholder } from '../../components/admin/AdminPlaceholder.tsx';

export default function ProcurementListPage() {
  return <AdminPlaceholder title="Procurement" />;
}
