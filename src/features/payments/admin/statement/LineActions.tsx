// Finance's decisions on one stored statement line: match a queued (or reversed) line to the record
// it pays for, put a queued line aside, reverse an applied one. Each asks for a note that stays
// with the line, and says what went wrong in words.
import { useId, useState, type FormEvent } from 'react';
import { ConfirmButton } from '../../../../admin/ui/ConfirmButton.tsx';
import { FormAlert } from '../../../../components/fields.tsx';
import { formatMinor } from '../../../../components/format.ts';
import { useDismissLine, useMatchLine, useReverseLine, type StoredLine } from './statement-api.ts';

/** Errors the decisions explain themselves are shown as they are; a lost connection is said plainly. */
const failure = (error: Error) => ('code' in error ? 'We could not save the decision. Check your connection and try again.' : error.message);

function MatchForm({ line, onDone }: { line: StoredLine; onDone: (message: string) => void }) {
  const id = useId();
  const match = useMatchLine();
  const [typed, setTyped] = useState('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const gap = !typed.trim()
      ? 'Enter the payment code or reference of the record it pays for.'
      : !note.trim()
        ? 'Enter a note: why this line belongs to it.'
        : '';
    setMissing(gap);
    if (gap) return;
    match.mutate({ line, typed, note }, { onSuccess: () => onDone(`Matched receipt ${line.receipt} to ${typed.trim()}.`) });
  };
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm text-brand-700 underline">
        Match by hand<span className="sr-only"> receipt {line.receipt}</span>
      </summary>
      <form className="mt-2 grid gap-2" onSubmit={submit} noValidate aria-label={`Match receipt ${line.receipt}`}>
        <label htmlFor={`${id}-code`} className="text-sm font-semibold">
          Payment code or reference
        </label>
        <input id={`${id}-code`} className="input" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="NCS-…" />
        <label htmlFor={`${id}-note`} className="text-sm font-semibold">
          Note
        </label>
        <textarea id={`${id}-note`} className="input" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
        <div aria-live="polite">{(missing || match.error) && <FormAlert>{missing || failure(match.error!)}</FormAlert>}</div>
        <button type="submit" className="btn-secondary px-2 py-1 text-sm" disabled={match.isPending}>
          {match.isPending ? 'Matching…' : 'Match'}
        </button>
      </form>
    </details>
  );
}

export function LineActions({ line, onDone }: { line: StoredLine; onDone: (message: string) => void }) {
  const dismiss = useDismissLine();
  const reverse = useReverseLine();
  const amount = formatMinor(line.amountMinor, line.currency);
  const error = dismiss.error ?? reverse.error;
  return (
    <div>
      {(line.state === 'queued' || line.state === 'reversed') && <MatchForm line={line} onDone={onDone} />}
      {line.state === 'queued' && (
        <ConfirmButton
          className="btn-secondary mt-1 px-2 py-1 text-sm"
          disabled={dismiss.isPending}
          question={`Put aside receipt ${line.receipt} (${amount})? It is not a payment for the summit: no record changes.`}
          confirmLabel="Put aside"
          note={{ label: 'Reason', hint: 'e.g. a transfer between the institute’s own accounts.' }}
          onConfirm={(note) => dismiss.mutate({ line, note }, { onSuccess: () => onDone(`Put aside receipt ${line.receipt}.`) })}
        >
          Put aside<span className="sr-only"> receipt {line.receipt}</span>
        </ConfirmButton>
      )}
      {['applied', 'matched-manually', 'recorded'].includes(line.state) && line.paymentId && line.targetCollection && line.targetId && (
        <ConfirmButton
          className="btn-secondary px-2 py-1 text-sm"
          disabled={reverse.isPending}
          question={`Reverse receipt ${line.receipt} (${amount})? Its payment is reversed and the money taken off the record, which goes back to unpaid if it no longer covers the fee.`}
          confirmLabel="Reverse"
          note={{ label: 'Reason for reversing', hint: 'Stays with the line and the payment.' }}
          onConfirm={(note) =>
            reverse.mutate(
              { line: { ...line, paymentId: line.paymentId!, targetCollection: line.targetCollection!, targetId: line.targetId! }, note },
              { onSuccess: () => onDone(`Reversed receipt ${line.receipt}.`) },
            )
          }
        >
          Reverse<span className="sr-only"> receipt {line.receipt}</span>
        </ConfirmButton>
      )}
      {error && <FormAlert>{failure(error)}</FormAlert>}
    </div>
  );
}
