import { AdminPlaceholder } from '../../components/admin/AdminPlaceholder.tsx';

export default function InvoiceGeneratorPage() {
  return <AdminPlaceholder title="Invoice Generator" />;
}
