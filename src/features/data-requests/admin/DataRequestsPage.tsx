// The queue of requests under the Data Protection Act: each with its requester, kind, due date
// (overdue flagged), status and who acted. Administrators approve an erasure and carry it out
// (src/data/erasure.ts: every document the person left, one commit at a time, then the "done"
// email), refuse a request with a reason the requester is emailed, close an access or correction
// request once answered, and enter a request that came by letter or email.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { ConfirmButton } from '../../../admin/ui/ConfirmButton.tsx';
import { DataTable } from '../../../admin/ui/DataTable.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { StatusBadge } from '../../../admin/ui/StatusBadge.tsx';
import { useStaffTask, useStaffWrites } from '../../../admin/use-staff-action.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { FormAlert, SelectField } from '../../../components/fields.tsx';
import { formatDate, formatDateTime } from '../../../components/format.ts';
import { TextField } from '../../../components/TextField.tsx';
import { useNow } from '../../../components/use-now.ts';
import { approveErasureWrites, completeWrites, dueDate, isOverdue, KIND_LABELS, refuseWrites, type DataRequest } from '../../../data/data-requests.ts';
import { carryOutErasure } from '../../../data/erasure.ts';
import { adminKey } from '../../../data/query-keys.ts';
import { db } from '../../../lib/data.ts';
import { emailField } from '../../../lib/validation.ts';
import { enteredRequestWrites, fetchDataRequests } from './api.ts';

const KEY = adminKey('dataRequests');

export default function DataRequestsPage() {
  const requests = useQuery({ queryKey: KEY, queryFn: fetchDataRequests });
  const [message, setMessage] = useState('');
  return (
    <div>
      <AdminHeader
        title="Data requests"
        summary="Requests to see, correct or erase personal data (Data Protection Act 2019), newest first. Each is due the number of days Settings commits to after it was received. Times are Nairobi time."
      />
      <p role="status" className="mt-4 font-medium">
        {message}
      </p>
      <QueryState query={requests} noun="data requests" isEmpty={(rows) => rows.length === 0} empty={<p className="mt-6">No data requests yet.</p>}>
        {(rows) => <RequestTable rows={rows} onDone={setMessage} />}
      </QueryState>
      <EnterRequest onDone={setMessage} />
    </div>
  );
}

/** How the Kind column says where a request came from ("my registration" says nothing). */
const CHANNEL_NOTES: Record<DataRequest['channel'], string> = {
  online: '',
  letter: ' (by letter)',
  email: ' (by email)',
  retention: ' (keeping time passed)',
};

function RequestTable({ rows, onDone }: { rows: DataRequest[]; onDone: (message: string) => void }) {
  const now = useNow();
  return (
    <DataTable<DataRequest>
      caption="Data requests, newest first"
      rows={rows}
      columns={[
        { header: 'Requester', cell: (r) => <span className="break-all">{r.email}</span> },
        { header: 'Kind', cell: (r) => `${KIND_LABELS[r.kind]}${CHANNEL_NOTES[r.channel]}` },
        { header: 'Received', cell: (r) => formatDateTime(r.createdAt), className: 'whitespace-nowrap' },
        {
          header: 'Due',
          cell: (r) => (
            <span className="whitespace-nowrap">
              {formatDate(dueDate(r))}
              {isOverdue(r, now) && <strong className="ml-2 rounded bg-red-100 px-1 text-red-900">overdue</strong>}
            </span>
          ),
        },
        {
          header: 'Status',
          cell: (r) => (
            <>
              <StatusBadge status={r.status} />
              {r.status === 'refused' && <p className="mt-1 text-sm break-words">{r.reason}</p>}
            </>
          ),
        },
        { header: 'Who acted', cell: (r) => (r.actedBy ? `${r.actedBy}, ${r.actedAt ? formatDateTime(r.actedAt) : ''}` : '—') },
        { header: 'Actions', cell: (r) => <RequestActions request={r} onDone={onDone} /> },
      ]}
    />
  );
}

function RequestActions({ request, onDone }: { request: DataRequest; onDone: (message: string) => void }) {
  const staff = useStaff();
  const client = useQueryClient();
  const [progress, setProgress] = useState('');
  // Log lines name the request by its id (an erasure's is a hash): never the address they are about.
  const approve = useStaffWrites<DataRequest>({
    writes: (r) => approveErasureWrites(r, staff.tokenEmail),
    log: (r) => `Approved erasure request ${r.id}`,
    invalidate: [KEY],
  });
  const refuse = useStaffWrites<{ r: DataRequest; reason: string }>({
    writes: ({ r, reason }) => refuseWrites(r, reason, staff.tokenEmail),
    log: ({ r }) => `Refused data request ${r.id}`,
    invalidate: [KEY],
  });
  const close = useStaffWrites<DataRequest>({
    writes: (r) => completeWrites(r, staff.tokenEmail),
    log: (r) => `Closed ${r.kind} request ${r.id} as done`,
    invalidate: [KEY],
  });
  const erase = useStaffTask<DataRequest, Awaited<ReturnType<typeof carryOutErasure>>>({
    run: (r) => carryOutErasure(db, r, staff.tokenEmail, (done, total, what) => setProgress(`${done} of ${total}: ${what}`)),
    log: (r, report) => `Carried out erasure request ${r.id}: ${report.documentsTouched} documents`,
    invalidate: [KEY],
  });
  const failed = [approve, refuse, close, erase].find((m) => m.isError);
  const busy = [approve, refuse, close, erase].some((m) => m.isPending);
  const who = `the ${KIND_LABELS[request.kind]} request of ${request.email}`;
  // The timed work carries out and closes its own (and nobody is emailed: nobody asked).
  if (request.channel === 'retention') return <p className="text-sm">{request.status === 'done' ? '—' : 'The schedule is erasing it.'}</p>;
  return (
    <div className="flex flex-col items-start gap-2">
      {request.status === 'received' && request.kind === 'erasure' && (
        <ConfirmButton
          label={`Approve ${who}`}
          question={`Approve ${who}?`}
          detail="Approving lets you carry it out next: everything held about this address is erased or anonymised, and cannot be undone."
          confirmLabel="Approve erasure"
          disabled={busy}
          onConfirm={() => approve.mutate(request, { onSuccess: () => onDone(`Approved ${who}.`) })}
        >
          Approve
        </ConfirmButton>
      )}
      {request.status === 'approved' && (
        <ConfirmButton
          label={`Erase now: ${who}`}
          question={`Erase everything held about ${request.email}?`}
          detail={`Registrations, payments and statement lines are kept anonymised (amounts, dates, receipts); drafts, waiting-list entries and emails are deleted; the certificate ${request.keepCertificate ? 'stays verifiable, as the attendee chose' : 'is revoked and anonymised'}. The requester gets the “done” email.`}
          confirmLabel="Erase now"
          disabled={busy}
          onConfirm={() =>
            erase.mutate(request, {
              onSuccess: (report) => {
                setProgress('');
                void client.invalidateQueries({ queryKey: KEY });
                onDone(`Erased ${report.documentsTouched} documents for ${request.id}; the requester was emailed.`);
              },
            })
          }
        >
          Erase now
        </ConfirmButton>
      )}
      {request.status === 'received' && request.kind !== 'erasure' && (
        <ConfirmButton
          label={`Mark done: ${who}`}
          question={`Mark ${who} as done?`}
          detail="The requester is emailed that it is done: answer them first (their data, or the correction made)."
          confirmLabel="Mark done"
          confirmClassName="btn-primary"
          disabled={busy}
          onConfirm={() => close.mutate(request, { onSuccess: () => onDone(`Marked ${who} as done.`) })}
        >
          Mark done
        </ConfirmButton>
      )}
      {request.status === 'received' && (
        <ConfirmButton
          label={`Refuse ${who}`}
          question={`Refuse ${who}?`}
          detail="The requester is emailed your reason, word for word."
          confirmLabel="Refuse"
          note={{ label: 'Reason (sent to the requester)' }}
          disabled={busy}
          onConfirm={(reason) => refuse.mutate({ r: request, reason }, { onSuccess: () => onDone(`Refused ${who}.`) })}
        >
          Refuse
        </ConfirmButton>
      )}
      {progress && (
        <p role="status" className="text-sm">
          {progress}
        </p>
      )}
      {failed && <FormAlert>{(failed.error as Error).message}</FormAlert>}
    </div>
  );
}

const entrySchema = z.object({
  kind: z.enum(['access', 'correction']),
  email: emailField(),
  channel: z.enum(['letter', 'email']),
});
type Entry = z.infer<typeof entrySchema>;

/** A request that came by letter or email (never an erasure: that is asked by the address's owner, signed in). */
function EnterRequest({ onDone }: { onDone: (message: string) => void }) {
  const staff = useStaff();
  const { register, handleSubmit, reset, formState } = useForm<Entry>({
    resolver: zodResolver(entrySchema),
    defaultValues: { kind: 'access', email: '', channel: 'email' },
  });
  const enter = useStaffWrites<Entry>({
    writes: (e) => enteredRequestWrites(e, staff.tokenEmail),
    log: (e) => `Entered a ${e.kind} request received by ${e.channel}`,
    invalidate: [KEY],
  });
  const { errors } = formState;
  return (
    <form
      aria-labelledby="enter-heading"
      noValidate
      className="mt-10 grid max-w-xl gap-4 rounded-lg border border-slate-200 p-4"
      onSubmit={handleSubmit((e) =>
        enter.mutate(e, {
          onSuccess: () => {
            reset();
            onDone(`Entered the ${e.kind} request of ${e.email}; they were emailed that it was received.`);
          },
        }),
      )}
    >
      <h2 id="enter-heading">Enter a request received by letter or email</h2>
      <p className="text-sm text-slate-700">
        Access and correction only. An erasure is asked by the person from “My registration”, signed in with the address, so nobody can erase someone by naming
        their address.
      </p>
      <SelectField
        label="Kind"
        options={[
          { value: 'access', label: 'Access (a copy of their data)' },
          { value: 'correction', label: 'Correction' },
        ]}
        error={errors.kind?.message}
        {...register('kind')}
      />
      <TextField label="Requester’s email address" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
      <SelectField
        label="Received by"
        options={[
          { value: 'email', label: 'Email' },
          { value: 'letter', label: 'Letter' },
        ]}
        error={errors.channel?.message}
        {...register('channel')}
      />
      {enter.isError && <FormAlert>{(enter.error as Error).message}</FormAlert>}
      <div>
        <button type="submit" className="btn-primary" disabled={enter.isPending}>
          Enter request
        </button>
      </div>
    </form>
  );
}
