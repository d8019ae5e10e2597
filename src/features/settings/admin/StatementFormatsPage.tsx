// Settings › Statement formats: each bank's CSV layout, named once by finance, so a bank statement
// can be imported without mapping its columns every time. A screen of its own (not a section of
// Settings): Settings is for administrators only, and finance, who import the statements, keep these.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState, type InputHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { ConfirmButton } from '../../../admin/ui/ConfirmButton.tsx';
import { DataTable } from '../../../admin/ui/DataTable.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { useStaffTransaction, useStaffWrites } from '../../../admin/use-staff-action.ts';
import { FormAlert } from '../../../components/fields.tsx';
import { TextField } from '../../../components/TextField.tsx';
import {
  bankFormatFormSchema,
  deleteStatementFormatWrite,
  fetchStatementFormats,
  MAX_DETAILS_COLUMNS,
  saveStatementFormatWrite,
  statementFormatId,
  statementFormatsKey,
  STATEMENT_FORMATS,
  toBankFormatInput,
  type BankFormatInput,
  type BankFormatValues,
} from '../../../data/statement-formats.ts';
import type { BankFormat } from '../../../data/statement-layouts.ts';

export default function StatementFormatsPage() {
  return <StatementFormatsScreen />;
}

/** The form open: a new layout (id null) or the stored one being edited. */
type Editing = { id: string | null; name: string; initial: BankFormatInput };

const NEW_FORMAT: BankFormatInput = { name: '', receiptColumn: '', dateColumn: '', amountColumn: '', detailsColumns: '', payerColumn: '', currency: 'KES' };

/** A save refused because the layout's id is taken (adding) or gone (editing). */
class FormatConflict extends Error {}

function StatementFormatsScreen() {
  const query = useQuery({ queryKey: statementFormatsKey, queryFn: fetchStatementFormats });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [notice, setNotice] = useState('');
  const open = (next: Editing) => {
    setNotice('');
    setEditing(next);
  };
  return (
    <div>
      <AdminHeader
        title="Statement formats"
        summary="How each bank’s CSV statement is laid out: the headers of the columns a statement import reads. M-Pesa statements need none, their layout is built in."
      >
        {!editing && (
          <button type="button" className="btn-primary" onClick={() => open({ id: null, name: '', initial: NEW_FORMAT })}>
            Add a bank format
          </button>
        )}
      </AdminHeader>
      {notice && (
        <p role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
          {notice}
        </p>
      )}
      {editing && (
        <FormatForm
          key={editing.id ?? 'new'}
          editing={editing}
          onSaved={(message) => {
            setEditing(null);
            setNotice(message);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <QueryState
        query={query}
        noun="statement formats"
        isEmpty={(formats) => formats.length === 0}
        empty="No bank formats yet. Add one for each bank account whose statements you import."
      >
        {(formats) => <FormatList formats={formats} onEdit={(f) => open({ id: f.id, name: f.name, initial: toBankFormatInput(f) })} onDeleted={setNotice} />}
      </QueryState>
    </div>
  );
}

type Save = { id: string; adding: boolean; values: BankFormatValues };

/**
 * Saved in a transaction that reads the layout first: adding never overwrites a layout another
 * person saved under the same name meanwhile, and an edit never brings back one deleted meanwhile.
 */
function useSaveFormat() {
  return useStaffTransaction<Save>({
    paths: ({ id }) => [`${STATEMENT_FORMATS}/${id}`],
    decide: ([stored], { id, adding, values }) => {
      if (adding === !!stored) throw new FormatConflict(adding ? 'taken' : 'gone');
      return {
        writes: [saveStatementFormatWrite(id, values)],
        log: `${adding ? 'Added' : 'Updated'} the statement format “${values.name}”`,
      };
    },
    invalidate: [statementFormatsKey],
  });
}

/** The form's fields, in the order a statement's columns are usually read. */
const FIELDS: Array<{ name: keyof BankFormatInput; label: string; hint: string; wide?: boolean } & InputHTMLAttributes<HTMLInputElement>> = [
  { name: 'name', label: 'Name', hint: 'The bank and account, as finance knows it: e.g. KCB current account.', wide: true },
  { name: 'receiptColumn', label: 'Receipt column', hint: 'The bank’s own transaction reference: a statement imported twice is recognised by it.' },
  { name: 'dateColumn', label: 'Date column', hint: 'The value or posting date.' },
  { name: 'amountColumn', label: 'Amount column', hint: 'Money received (credits); lines without an amount here are not payments in.' },
  {
    name: 'detailsColumns',
    label: 'Details columns',
    hint: `Where the payer’s reference shows, separated by commas (at most ${MAX_DETAILS_COLUMNS}): e.g. Narrative, Customer Reference.`,
  },
  { name: 'payerColumn', label: 'Payer column (optional)', hint: 'Leave empty when the statement does not name the payer.' },
  { name: 'currency', label: 'Currency', hint: 'The account’s currency, three letters: e.g. KES.', maxLength: 3, className: 'field-input uppercase' },
];

function FormatForm({ editing, onSaved, onCancel }: { editing: Editing; onSaved: (notice: string) => void; onCancel: () => void }) {
  const save = useSaveFormat();
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, setError, formState } = useForm<BankFormatInput, unknown, BankFormatValues>({
    resolver: zodResolver(bankFormatFormSchema),
    defaultValues: editing.initial,
  });
  const { errors } = formState;
  const adding = editing.id === null;
  const submit = handleSubmit(async (values) => {
    setFailure('');
    // An edit keeps the id it was created under, whatever its new name: imports name it by that id.
    const id = editing.id ?? statementFormatId(values.name);
    try {
      await save.mutateAsync({ id, adding, values });
      onSaved(`Saved “${values.name}”.`);
    } catch (error) {
      if (error instanceof FormatConflict && error.message === 'taken')
        setError('name', { message: 'A format with this name exists already: edit it in the list, or name this one otherwise.' }, { shouldFocus: true });
      else if (error instanceof FormatConflict) setFailure('This format was deleted meanwhile. Cancel, then add it again if it is still needed.');
      else setFailure('The format could not be saved. Check your connection, then try again.');
    }
  });
  const heading = adding ? 'Add a bank format' : `Edit “${editing.name}”`;
  return (
    <form noValidate onSubmit={submit} aria-labelledby="format-form" className="mt-6 max-w-3xl rounded-lg border border-slate-200 p-4">
      <h2 id="format-form" className="text-lg">
        {heading}
      </h2>
      <p className="text-sm text-slate-700">Type each column’s header exactly as the first row of the bank’s CSV shows it (capitals do not matter).</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, wide, ...field }) => (
          <div key={name} className={wide ? 'sm:col-span-2' : undefined}>
            <TextField autoComplete="off" error={errors[name]?.message} {...field} {...register(name)} />
          </div>
        ))}
      </div>
      {failure && (
        <div className="mt-4">
          <FormAlert reveal>{failure}</FormAlert>
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save format'}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function useDeleteFormat() {
  return useStaffWrites<BankFormat>({
    writes: (f) => [deleteStatementFormatWrite(f.id)],
    log: (f) => `Deleted the statement format “${f.name}”`,
    invalidate: [statementFormatsKey],
  });
}

function FormatList({ formats, onEdit, onDeleted }: { formats: BankFormat[]; onEdit: (f: BankFormat) => void; onDeleted: (notice: string) => void }) {
  const remove = useDeleteFormat();
  return (
    <section aria-labelledby="saved-formats" className="mt-8">
      <h2 id="saved-formats" className="text-lg">
        Saved formats
      </h2>
      {remove.isError && (
        <div className="mt-3">
          <FormAlert>The format could not be deleted. Check your connection, then try again.</FormAlert>
        </div>
      )}
      <DataTable<BankFormat>
        caption="Bank statement formats by name"
        rows={formats}
        columns={[
          { header: 'Name', cell: (f) => <span className="font-medium">{f.name}</span> },
          { header: 'Receipt', cell: (f) => f.receiptColumn },
          { header: 'Date', cell: (f) => f.dateColumn },
          { header: 'Amount', cell: (f) => f.amountColumn },
          { header: 'Details', cell: (f) => f.detailsColumns.join(', ') },
          { header: 'Payer', cell: (f) => f.payerColumn || <span className="text-slate-600">none</span> },
          { header: 'Currency', cell: (f) => f.currency },
          {
            header: 'Actions',
            cell: (f) => (
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn-secondary px-3 py-1 text-sm" onClick={() => onEdit(f)}>
                  Edit <span className="sr-only">{f.name}</span>
                </button>
                <ConfirmButton
                  className="btn-secondary px-3 py-1 text-sm"
                  question={`Delete the format “${f.name}”? Its statements can no longer be imported until it is added again; imports already made keep their lines.`}
                  confirmLabel="Delete format"
                  disabled={remove.isPending}
                  onConfirm={() => remove.mutate(f, { onSuccess: () => onDeleted(`Deleted “${f.name}”.`) })}
                >
                  Delete <span className="sr-only">{f.name}</span>
                </ConfirmButton>
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
