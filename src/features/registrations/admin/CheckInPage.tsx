import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function CheckInPage() {
  return <AdminPlaceholder title="Check In" />;
}
