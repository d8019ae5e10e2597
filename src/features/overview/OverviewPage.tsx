import { AdminPlaceholder } from '../../components/admin/AdminPlaceholder.tsx';

export default function OverviewPage() {
  return <AdminPlaceholder title="Overview" />;
}
