import { useQuery } from '@tanstack/react-query';
import type { MetaFunction } from 'react-router';
import { db } from '../../lib/data.ts';
import { useStaff } from '../../components/staff-context.ts';

export const meta: MetaFunction = () => [{ title: 'Overview | Summit back office' }];

export default function OverviewPage() {
  const staff = useStaff();
  const registrations = useQuery({ queryKey: ['count', 'registrations'], queryFn: () => db.fetchCount('registrations') });
  return (
    <div>
      <h1>Overview</h1>
      <p className="mt-2 text-slate-700">Welcome, {staff.displayName ?? staff.email}.</p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        <div className="rounded-lg border border-slate-200 p-4">
          <dt className="text-sm text-slate-600">Registrations</dt>
          <dd className="mt-1 text-3xl font-bold">
            {registrations.isPending ? '…' : registrations.isError ? 'Could not load' : registrations.data}
          </dd>
        </div>
      </dl>
    </div>
  );
}
