import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { ConfirmButton } from '../../../admin/ui/ConfirmButton.tsx';
import { PagedTable } from '../../../admin/ui/PagedTable.tsx';
import { useCursorPages } from '../../../admin/ui/use-cursor-pages.ts';
import { FormAlert, SelectField } from '../../../components/fields.tsx';
import { useStaff, type StaffRole } from '../../../admin/staff-context.ts';
import { TextField } from '../../../components/TextField.tsx';
import { SIGN_IN_PATH } from '../../../lib/auth-paths.ts';
import { invitationSent, problem, staffPage, useAddStaff, useAdminCount, useChangeRole, useInviteStaff, useRemoveStaff } from './staff-api.ts';
import { rowControls } from './staff-guards.ts';
import { newStaffSchema, ROLE_DESCRIPTIONS, STAFF_ROLES, type NewStaff, type NewStaffInput, type StaffEntry } from './staff-schema.ts';

const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_DESCRIPTIONS[r] }));

export default function UsersPage() {
  return <StaffScreen />;
}

function StaffScreen() {
  const [notice, setNotice] = useState('');
  return (
    <div>
      <AdminHeader title="Manage Users" summary="Who may use the back office, and with which role." />
      <p className="mt-4 max-w-3xl rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-800">
        Adding someone emails them an invitation: a link to choose their password, which also confirms their address (the back office only admits confirmed
        addresses). They then sign in at <strong>{SIGN_IN_PATH}</strong>, or continue with Google if the address is a Google account. An invitation link works
        for an hour: send another from the list if it expired.
      </p>
      {notice && (
        <p role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
          {notice}
        </p>
      )}
      <AddStaffForm onAdded={setNotice} />
      <StaffList onChanged={setNotice} />
    </div>
  );
}

function AddStaffForm({ onAdded }: { onAdded: (notice: string) => void }) {
  const add = useAddStaff();
  const invite = useInviteStaff();
  const { register, handleSubmit, reset, formState } = useForm<NewStaffInput, unknown, NewStaff>({
    resolver: zodResolver(newStaffSchema),
    defaultValues: { email: '', displayName: '', role: '' as StaffRole },
  });
  const { errors } = formState;
  const submit = handleSubmit((values) =>
    add.mutateAsync(values).then(
      async () => {
        reset();
        // The entry is saved whatever happens to the email; a failed invitation says how to resend.
        const sent = await invite.mutateAsync(values.email).then(
          () => invitationSent(values.email),
          () => `The invitation email could not be sent: use “Send invitation” in the list to try again.`,
        );
        onAdded(`Added ${values.email} as ${values.role}. ${sent}`);
      },
      () => undefined, // shown below from add.error; the form keeps what was typed
    ),
  );
  return (
    <form noValidate onSubmit={submit} aria-labelledby="add-staff" className="mt-6 max-w-3xl rounded-lg border border-slate-200 p-4">
      <h2 id="add-staff" className="text-lg">
        Add a staff member
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <TextField label="Name (optional)" autoComplete="off" error={errors.displayName?.message} {...register('displayName')} />
        <div className="sm:col-span-2">
          <SelectField label="Role" options={ROLE_OPTIONS} error={errors.role?.message} {...register('role')} />
        </div>
      </div>
      {add.isError && (
        <div className="mt-4">
          <FormAlert>{problem(add.error, 'The staff member could not be added.')}</FormAlert>
        </div>
      )}
      <button type="submit" className="btn-primary mt-4" disabled={add.isPending || invite.isPending}>
        {add.isPending ? 'Adding…' : invite.isPending ? 'Sending the invitation…' : 'Add and invite'}
      </button>
    </form>
  );
}

function StaffList({ onChanged }: { onChanged: (notice: string) => void }) {
  const me = useStaff();
  const pages = useCursorPages(staffPage.key, staffPage.fetch);
  const admins = useAdminCount();
  const remove = useRemoveStaff();
  const failure = remove.isError ? problem(remove.error, 'The staff member could not be removed.') : '';
  return (
    <section aria-labelledby="staff-list" className="mt-8">
      <h2 id="staff-list" className="text-lg">
        Staff
      </h2>
      {failure && (
        <div className="mt-3">
          <FormAlert>{failure}</FormAlert>
        </div>
      )}
      <PagedTable<StaffEntry>
        pages={pages}
        noun="staff list"
        empty="Nobody is on the staff list."
        caption="Staff members by email"
        columns={[
          { header: 'Email', cell: (s) => <span className="break-all">{s.email}</span> },
          { header: 'Name', cell: (s) => s.displayName ?? '' },
          {
            header: 'Role',
            cell: (s) => {
              // Until the count is known, no control is offered (it might be the only admin).
              const controls = rowControls(s, me.email, admins.data ?? 0);
              return controls.changeRole ? (
                <RoleEditor entry={s} adminCount={admins.data ?? 0} onChanged={onChanged} />
              ) : (
                <span className="font-medium">{s.role}</span>
              );
            },
          },
          {
            header: 'Actions',
            cell: (s) => {
              const controls = rowControls(s, me.email, admins.data ?? 0);
              const resend = s.email !== me.email && <InviteButton email={s.email} onSent={onChanged} />;
              if (!controls.remove)
                return (
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-sm text-slate-700">{admins.isPending ? 'Counting administrators…' : controls.reason}</span>
                    {resend}
                  </div>
                );
              return (
                <div className="flex flex-wrap items-center gap-2">
                  {resend}
                  <ConfirmButton
                    question={`Remove ${s.email} from the staff? They lose access to the back office at once.`}
                    confirmLabel="Remove"
                    disabled={remove.isPending}
                    onConfirm={() =>
                      remove.mutate({ entry: s, adminCount: admins.data ?? 0 }, { onSuccess: () => onChanged(`Removed ${s.email} from the staff.`) })
                    }
                  >
                    Remove <span className="sr-only">{s.email}</span>
                  </ConfirmButton>
                </div>
              );
            },
          },
        ]}
      />
    </section>
  );
}

function RoleEditor({ entry, adminCount, onChanged }: { entry: StaffEntry; adminCount: number; onChanged: (notice: string) => void }) {
  const [role, setRole] = useState<StaffRole>(entry.role);
  const change = useChangeRole();
  const id = `role-${entry.id}`;
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="sr-only">
          Role of {entry.email}
        </label>
        <select id={id} className="rounded-md border border-slate-400 px-2 py-1" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-sm"
          disabled={role === entry.role || change.isPending}
          onClick={() => change.mutate({ email: entry.email, role, adminCount }, { onSuccess: () => onChanged(`${entry.email} is now ${role}.`) })}
        >
          Change role <span className="sr-only">of {entry.email}</span>
        </button>
      </div>
      {change.isError && (
        <p role="alert" className="field-error">
          {problem(change.error, 'The role could not be changed.')}
        </p>
      )}
    </div>
  );
}

/** Sends the set-your-password email again (the first expired, or never arrived). */
function InviteButton({ email, onSent }: { email: string; onSent: (notice: string) => void }) {
  const invite = useInviteStaff();
  return (
    <>
      <button
        type="button"
        className="btn-secondary px-3 py-1 text-sm"
        disabled={invite.isPending}
        onClick={() => invite.mutate(email, { onSuccess: () => onSent(invitationSent(email)) })}
      >
        {invite.isPending ? 'Sending…' : 'Send invitation'} <span className="sr-only">to {email}</span>
      </button>
      {invite.isError && (
        <p role="alert" className="field-error">
          The invitation to {email} could not be sent. Check your connection and try again.
        </p>
      )}
    </>
  );
}
