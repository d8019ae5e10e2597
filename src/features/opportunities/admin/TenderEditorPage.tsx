import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function TenderEditorPage() {
  return <AdminPlaceholder title="Tenders Editor" />;
}
