import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function PublicationListPage() {
  return <AdminPlaceholder title="Publications" />;
}
