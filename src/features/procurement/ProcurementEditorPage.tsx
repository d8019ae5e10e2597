import { AdminPlaceholder } from '../../components/admin/AdminPlaceholder.tsx';

export default function ProcurementEditorPage() {
  return <AdminPlaceholder title="Procurement Editor" />;
}
