import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { ConfirmButton } from '../../../admin/ui/ConfirmButton.tsx';
import { PagedTable } from '../../../admin/ui/PagedTable.tsx';
import { useCursorPages } from '../../../admin/ui/use-cursor-pages.ts';
import { FormAlert, SelectField } from '../../../components/fields.tsx';
import { useStaff } from '../../../admin/staff-context.ts';
import { REVIEWER, type Role } from '../../../admin/permissions.ts';
import { useAbstractCall } from '../../../data/abstract-call.ts';
import { TextField } from '../../../components/TextField.tsx';
import { SIGN_IN_PATH } from '../../../lib/auth-paths.ts';
import {
  invitationSent,
  problem,
  staffPage,
  useAddStaff,
  useAdminCount,
  useChangeProfile,
  useChangeRole,
  useInviteStaff,
  useRemoveStaff,
} from './staff-api.ts';
import { ReviewerProfileFields } from './ReviewerProfileFields.tsx';
import { rowControls } from './staff-guards.ts';
import {
  newStaffSchema,
  reviewerProfileSchema,
  ROLE_DESCRIPTIONS,
  ROLES,
  type NewStaff,
  type NewStaffInput,
  type ReviewerProfile,
  type StaffEntry,
} from './staff-schema.ts';

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_DESCRIPTIONS[r] }));

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
  const { register, handleSubmit, reset, formState, control } = useForm<NewStaffInput, unknown, NewStaff>({
    resolver: zodResolver(newStaffSchema),
    defaultValues: { email: '', displayName: '', role: '' as Role, institution: '', tracks: [] },
  });
  const role = useWatch({ control, name: 'role' });
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
        {role === REVIEWER && (
          <div className="sm:col-span-2">
            <ReviewerProfileFields
              institution={register('institution')}
              track={() => register('tracks')}
              errors={{ institution: errors.institution?.message, tracks: errors.tracks?.message }}
            />
          </div>
        )}
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
              return (
                <>
                  {controls.changeRole ? (
                    <RoleEditor entry={s} adminCount={admins.data ?? 0} onChanged={onChanged} />
                  ) : (
                    <span className="font-medium">{s.role}</span>
                  )}
                  {s.role === REVIEWER && <ReviewerSummary entry={s} editable={controls.changeRole} onChanged={onChanged} />}
                </>
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

/** A profile being typed in a row: its fields, their problems once checked, and the profile when valid. */
function useProfileDraft(entry: StaffEntry) {
  const [draft, setDraftOnly] = useState({ institution: entry.institution ?? '', tracks: entry.tracks ?? [] });
  const [errors, setErrors] = useState<{ institution?: string; tracks?: string }>({});
  // A change clears the problems shown: they are checked again on the next save.
  const setDraft = (next: typeof draft) => {
    setDraftOnly(next);
    setErrors({});
  };
  const fields = {
    institution: { value: draft.institution, onChange: (e: { target: { value: string } }) => setDraft({ ...draft, institution: e.target.value }) },
    track: (key: string) => ({
      checked: draft.tracks.includes(key),
      onChange: (e: { target: { checked: boolean } }) =>
        setDraft({ ...draft, tracks: e.target.checked ? [...draft.tracks, key] : draft.tracks.filter((t) => t !== key) }),
    }),
    errors,
  };
  /** The profile, or null with its problems shown. */
  const check = (): ReviewerProfile | null => {
    const parsed = reviewerProfileSchema.safeParse(draft);
    const found = parsed.success ? [] : parsed.error.issues;
    setErrors(Object.fromEntries(found.map((i) => [String(i.path[0]), i.message])));
    return parsed.success ? parsed.data : null;
  };
  return { fields, check };
}

function RoleEditor({ entry, adminCount, onChanged }: { entry: StaffEntry; adminCount: number; onChanged: (notice: string) => void }) {
  const [role, setRole] = useState<Role>(entry.role);
  const change = useChangeRole();
  const profile = useProfileDraft(entry);
  const id = `role-${entry.id}`;
  // Becoming a reviewer takes an institution and tracks, asked here unless the entry has them.
  const asksProfile = role === REVIEWER && entry.role !== REVIEWER && !(entry.institution && entry.tracks?.length);
  const submit = () => {
    const given = asksProfile ? profile.check() : undefined;
    if (given === null) return;
    change.mutate({ email: entry.email, role, adminCount, profile: given }, { onSuccess: () => onChanged(`${entry.email} is now ${role}.`) });
  };
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="sr-only">
          Role of {entry.email}
        </label>
        <select
          id={id}
          className="rounded-md border border-slate-400 px-2 py-1"
          value={role}
          onChange={(e) => {
            setRole(e.target.value as Role);
            change.reset();
          }}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <button type="button" className="btn-secondary px-3 py-1 text-sm" disabled={role === entry.role || change.isPending} onClick={submit}>
          Change role <span className="sr-only">of {entry.email}</span>
        </button>
      </div>
      {asksProfile && (
        <div className="mt-3">
          <ReviewerProfileFields who={entry.email} {...profile.fields} />
        </div>
      )}
      {change.isError && (
        <p role="alert" className="field-error">
          {problem(change.error, 'The role could not be changed.')}
        </p>
      )}
    </div>
  );
}

/** A reviewer's institution and tracks, and (for an entry the admin may change) a way to change them. */
function ReviewerSummary({ entry, editable, onChanged }: { entry: StaffEntry; editable: boolean; onChanged: (notice: string) => void }) {
  const call = useAbstractCall();
  const [editing, setEditing] = useState(false);
  const profile = useProfileDraft(entry);
  const change = useChangeProfile();
  const label = (key: string) => call.data?.tracks[key] ?? `${key} (no longer a track)`;
  const save = () => {
    const given = profile.check();
    if (!given) return;
    change.mutate(
      { email: entry.email, profile: given },
      {
        onSuccess: () => {
          setEditing(false);
          onChanged(`Changed the institution and tracks of ${entry.email}.`);
        },
      },
    );
  };
  return (
    <div className="mt-2 text-sm">
      <p>{entry.institution ?? 'No institution given'}</p>
      <p className="text-slate-700">{entry.tracks?.length ? entry.tracks.map(label).join(', ') : 'No tracks'}</p>
      {editable &&
        (editing ? (
          <div className="mt-2 space-y-2">
            <ReviewerProfileFields who={entry.email} {...profile.fields} />
            {change.isError && (
              <p role="alert" className="field-error">
                {problem(change.error, 'The institution and tracks could not be changed.')}
              </p>
            )}
            <div className="flex gap-2">
              <button type="button" className="btn-primary px-3 py-1 text-sm" disabled={change.isPending} onClick={save}>
                Save <span className="sr-only">the institution and tracks of {entry.email}</span>
              </button>
              <button type="button" className="btn-secondary px-3 py-1 text-sm" onClick={() => setEditing(false)}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="mt-1 font-medium text-brand-700 underline" onClick={() => setEditing(true)}>
            Change institution and tracks <span className="sr-only">of {entry.email}</span>
          </button>
        ))}
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
