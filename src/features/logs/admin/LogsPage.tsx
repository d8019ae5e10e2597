import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { PagedTable } from '../../../admin/ui/PagedTable.tsx';
import { useCursorPages } from '../../../admin/ui/use-cursor-pages.ts';
import { formatDateTime } from '../../../components/format.ts';
import { TextField } from '../../../components/TextField.tsx';
import { fetchLogPage } from './api.ts';
import { logFilterSchema, NO_LOG_FILTER, type LogFilter } from './log-filters.ts';
import { adminKey } from '../../../data/query-keys.ts';

interface LogEntry {
  id: string;
  message: string;
  userEmail: string;
  timestamp: Date;
}

export default function LogsPage() {
  return <ActivityLog />;
}

function ActivityLog() {
  const [filter, setFilter] = useState<LogFilter>(NO_LOG_FILTER);
  const pages = useCursorPages([...adminKey('logs'), filter], (after) => fetchLogPage<LogEntry>(filter, after));
  const filtered = filter.userEmail || filter.from || filter.to;
  return (
    <div>
      <AdminHeader title="View Logs" summary="Every staff action, newest first. Entries cannot be changed or deleted. Times are Nairobi time." />
      <FilterForm onApply={setFilter} />
      <PagedTable<LogEntry>
        pages={pages}
        noun="activity log"
        empty={filtered ? 'No entries match these filters.' : 'No activity yet.'}
        caption={filtered ? 'Activity log, filtered, newest first' : 'Activity log, newest first'}
        columns={[
          { header: 'When', cell: (e) => formatDateTime(e.timestamp), className: 'whitespace-nowrap' },
          { header: 'Who', cell: (e) => e.userEmail },
          { header: 'What', cell: (e) => <span className="break-words">{e.message}</span> },
        ]}
      />
    </div>
  );
}

function FilterForm({ onApply }: { onApply: (f: LogFilter) => void }) {
  const { register, handleSubmit, reset, formState } = useForm<LogFilter>({ resolver: zodResolver(logFilterSchema), defaultValues: NO_LOG_FILTER });
  const { errors } = formState;
  return (
    <form
      role="search"
      aria-label="Filter the log"
      noValidate
      className="mt-6 grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
      onSubmit={handleSubmit(onApply)}
    >
      <TextField
        label="User email"
        type="email"
        autoComplete="off"
        placeholder="editor@summit.test"
        error={errors.userEmail?.message}
        {...register('userEmail')}
      />
      <TextField label="From" type="date" error={errors.from?.message} {...register('from')} />
      <TextField label="To" type="date" error={errors.to?.message} {...register('to')} />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary">
          Filter
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            reset(NO_LOG_FILTER);
            onApply(NO_LOG_FILTER);
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
