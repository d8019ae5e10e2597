import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function SponsorListPage() {
  return <AdminPlaceholder title="Sponsors" />;
}
