import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function TenderListPage() {
  return <AdminPlaceholder title="Tenders" />;
}
