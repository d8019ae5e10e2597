import { AdminPlaceholder } from '../../../components/admin/AdminPlaceholder.tsx';

export default function MessagesPage() {
  return <AdminPlaceholder title="Messages" />;
}
