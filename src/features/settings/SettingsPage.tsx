import { AdminPlaceholder } from '../../components/admin/AdminPlaceholder.tsx';

export default function SettingsPage() {
  return <AdminPlaceholder title="Settings" />;
}
