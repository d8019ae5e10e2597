// Cancelling a registration that holds money asks finance the question the money raises: is a
// refund due? "Yes" lists it under Refunds due (Payments), where the refund is recorded once made;
// "No" records in the cancelling commit that the money is kept, with the reason the attendee is
// emailed (data/money-kept.ts). Whoever may cancel a registration may decide about its money
// (both are finance's, src/admin/permissions.ts). Declining an application asks nothing: it is
// told where the money goes, the refunds-due list, where finance decides.
import { useId, useRef, useState } from 'react';
import { ModalDialog, useModalOpener } from '../../../admin/ui/ModalDialog.tsx';
import { formatMoneyMinor } from '../../../components/format.ts';
import { KEPT_REASON_MAX, keptReasonProblem, tidyKeptReason } from '../../../data/money-kept.ts';

export interface CancelChoice {
  /** Set when finance answered "no refund is due": why, on one line. */
  keptReason?: string;
}

interface Props {
  kind: 'registration' | 'application';
  name: string;
  /** What cancelling makes refundable (data/money-received.ts refundDueMinor of the record cancelled), in cents. */
  refundableMinor: number;
  currency: string;
  /** A record marked paid with no money counted against it (paid before statements were kept). */
  paidUncounted: boolean;
  disabled?: boolean;
  label: string;
  onConfirm: (choice: CancelChoice) => void;
}

/** What the dialog says of the money, below the question, when it asks nothing about it. */
function moneyWords({ refundableMinor, currency, paidUncounted }: Pick<Props, 'refundableMinor' | 'currency' | 'paidUncounted'>) {
  if (refundableMinor > 0)
    return `${formatMoneyMinor(refundableMinor, currency)} was received for it: cancelled, it is listed under Refunds due on the Payments screen, where finance records the refund or that none is due.`;
  if (paidUncounted) return 'It is marked paid, with no money counted against it: if a refund is due, finance pays it and notes it on the record.';
  return undefined;
}

export function CancelWithMoney(props: Props) {
  const { kind, name, refundableMinor, currency, disabled, label, onConfirm } = props;
  const { open, setOpen, opener } = useModalOpener();
  const [refund, setRefund] = useState<'due' | 'kept'>('due');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const reasonInput = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), detail: useId(), reason: useId() };
  const asks = kind === 'registration' && refundableMinor > 0;
  const detail = asks ? `${formatMoneyMinor(refundableMinor, currency)} was received for it.` : moneyWords(props);
  const dismiss = () => {
    setOpen(false);
    setRefund('due');
    setReason('');
    setError('');
  };
  const confirm = (close: () => void) => {
    if (asks && refund === 'kept') {
      const why = tidyKeptReason(reason);
      const problem = keptReasonProblem(why, 'attendee');
      if (problem) {
        setError(problem);
        reasonInput.current?.focus();
        return;
      }
      close();
      onConfirm({ keptReason: why });
      return;
    }
    close();
    onConfirm({});
  };
  const money = formatMoneyMinor(refundableMinor, currency);
  return (
    <>
      <button ref={opener} type="button" className="btn-secondary" disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <ModalDialog role="alertdialog" labelledBy={ids.title} describedBy={detail ? ids.detail : undefined} onClose={dismiss}>
          {(close) => (
            <>
              <p id={ids.title} className="text-lg font-semibold text-slate-900">
                Cancel the {kind} of {name}?
              </p>
              {detail && (
                <p id={ids.detail} className="mt-2 text-slate-800">
                  {detail}
                </p>
              )}
              {asks && (
                <fieldset className="mt-4">
                  <legend className="field-label">Is a refund due?</legend>
                  <label className="mt-2 flex min-h-6 items-start gap-2">
                    <input type="radio" name="refund" className="mt-1" checked={refund === 'due'} onChange={() => setRefund('due')} />
                    <span>Yes: {money} goes under Refunds due, where finance records the refund once made.</span>
                  </label>
                  <label className="mt-2 flex min-h-6 items-start gap-2">
                    <input type="radio" name="refund" className="mt-1" checked={refund === 'kept'} onChange={() => setRefund('kept')} />
                    <span>No: {money} is kept, not refunded (a late cancellation under the refund policy, say).</span>
                  </label>
                  {refund === 'kept' && (
                    <div className="mt-3">
                      <label className="field-label" htmlFor={ids.reason}>
                        Why no refund is due
                      </label>
                      <p id={`${ids.reason}-hint`} className="text-sm text-slate-600">
                        One line, at most {KEPT_REASON_MAX} characters: the attendee is emailed it.
                      </p>
                      <input
                        ref={reasonInput}
                        id={ids.reason}
                        className="field-input"
                        value={reason}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={`${ids.reason}-hint${error ? ` ${ids.reason}-error` : ''}`}
                        onChange={(e) => setReason(e.target.value)}
                      />
                      {error && (
                        <p id={`${ids.reason}-error`} className="field-error" role="alert">
                          {error}
                        </p>
                      )}
                    </div>
                  )}
                </fieldset>
              )}
              <div className="mt-6 flex justify-end gap-3">
                <button type="button" className="btn-secondary" onClick={close}>
                  Keep the {kind}
                </button>
                <button type="button" className="btn-primary bg-red-700 hover:bg-red-800" onClick={() => confirm(close)}>
                  Cancel the {kind}
                </button>
              </div>
            </>
          )}
        </ModalDialog>
      )}
    </>
  );
}
