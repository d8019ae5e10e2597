import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, href, useNavigate, useParams, type MetaFunction } from 'react-router';
import { FormAlert, SelectField } from '../../components/fields.tsx';
import { formatDateTime, formatMoney, formatMoneyMinor } from '../../components/format.ts';
import { pageMeta } from '../../components/page-meta.ts';
import { TextField } from '../../components/TextField.tsx';
import { useReveal } from '../../components/use-reveal.ts';
import { useSiteSettings } from '../../data/site-settings.ts';
import type { SiteSettings } from '../../data/site-settings-schema.ts';
import { PAYMENT_METHOD_LABELS } from '../../data/labels.ts';
import type { PaymentForm } from './schema.ts';
import { PAYMENT_METHODS } from '../../data/statuses.ts';
import type { PaymentFields } from './send.ts';
import { HoldLostError, ReferenceTakenError } from './errors.ts';
import { lazyResolver, usePrepareOnFirstUse } from '../../components/lazy-sending.ts';
import { registrantIs, sending, useAttendeeSession, useCheckoutRecord, useSeatSlot, useSubmitPayment, type CheckoutRecord } from './api.ts';
import { maskedEmail } from '../../lib/email-address.ts';
import { throttleMessage } from '../../data/visitor-throttle.ts';
import { checkoutHold, type Hold } from '../../data/payable-records.ts';
import { overPaidMinor, paidInPart, stillDueMinor } from '../../data/money-received.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { readPaymentCode } from '../../data/payment-codes.ts';
import { checkoutReference } from '../../lib/reference.ts';
import { ReferenceInput } from './ReferenceInput.tsx';

// Shown once a record is paid: loaded then (its QR code and calendar file are not needed to pay).
const Ticket = lazy(() => import('./CheckoutTicket.tsx'));

export const meta: MetaFunction = () => pageMeta('Checkout', 'Your registration, the amount due and how to pay.', { index: false });

const STATUS_TEXT: Record<string, string> = {
  unpaid: 'Awaiting payment',
  submitted: 'Payment reference received: awaiting verification',
  paid: 'Paid',
  'not-required': 'No payment needed',
};

/** What the payer quotes: the payment code, or the reference of a record from before codes. */
const quoted = (record: CheckoutRecord) => record.code || record.id;

function PaymentInstructions({ record, settings }: { record: CheckoutRecord; settings: SiteSettings }) {
  const p = settings.payment;
  const code = quoted(record);
  return (
    <section aria-labelledby="how-to-pay" className="mt-8">
      <h2 id="how-to-pay">How to pay</h2>
      <p className="mt-2">
        Pay <strong>{formatMoneyMinor(stillDueMinor(record), record.currency)}</strong> entering <strong className="font-mono">{code}</strong> as the Paybill
        &ldquo;Account number&rdquo; (or as the reference of a bank transfer), so finance can match your payment, then enter the transaction reference below.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="rounded-md border border-slate-200 p-4">
          <h3 className="font-semibold">{p.mobileMoneyProvider ?? 'Mobile money'}</h3>
          <p>Paybill: {p.mobileMoneyPaybill}</p>
          <p>
            Account number: <strong className="font-mono">{code}</strong>
          </p>
        </div>
        <div className="rounded-md border border-slate-200 p-4">
          <h3 className="font-semibold">Bank transfer</h3>
          <p>
            {p.bankName}, {p.bankBranch}
          </p>
          <p>Account name: {p.bankAccountName}</p>
          <p>Account number: {p.bankAccountNumber}</p>
          <p>SWIFT: {p.bankSwift}</p>
          <p>
            Reference: <strong className="font-mono">{code}</strong>
          </p>
        </div>
      </div>
    </section>
  );
}

function PaymentReferenceForm({ record, onSent }: { record: CheckoutRecord; onSent: () => void }) {
  const submit = useSubmitPayment(record);
  const { register, handleSubmit, formState } = useForm<PaymentFields, unknown, PaymentForm>({
    resolver: lazyResolver(async () => (await sending()).paymentResolver),
    defaultValues: { payerName: record.name, amount: Math.ceil(stillDueMinor(record) / 100), method: 'mobile-money' },
  });
  const e = formState.errors;
  const form = usePrepareOnFirstUse<HTMLFormElement>(sending);
  return (
    <form
      ref={form}
      noValidate
      className="mt-6 grid gap-4 sm:grid-cols-2"
      // A promise, not mutate's callback: the form unmounts as the record turns 'submitted'.
      onSubmit={handleSubmit((form) => submit.mutateAsync(form).then(onSent, () => undefined /* shown from submit.error */))}
    >
      <h2 className="sm:col-span-2">Submit your payment reference</h2>
      {submit.isError && (
        <div className="sm:col-span-2">
          <FormAlert reveal>
            {submit.error instanceof HoldLostError ? (
              <>
                Your hold lapsed and the seat has gone to someone else, so a payment cannot keep it now. If you have not paid yet, do not pay:{' '}
                <Link className="underline" to={href('/register')}>
                  register again
                </Link>{' '}
                if seats are free. If you have paid,{' '}
                <Link className="underline" to={href('/contact')}>
                  contact us
                </Link>
                .
              </>
            ) : submit.error instanceof ReferenceTakenError ? (
              <>
                The transaction code {submit.error.reference} has already been submitted, so it cannot pay for this{' '}
                {record.collection === 'registrations' ? 'registration' : 'application'} too. Check the code in your M-Pesa message or bank slip; if it is
                right,{' '}
                <Link className="underline" to={href('/contact')}>
                  contact us
                </Link>{' '}
                and we will match your payment.
              </>
            ) : (
              (throttleMessage(submit.error, 'payment references') ??
              'We could not record your payment reference. Your entry is still here: check your connection and try again.')
            )}
          </FormAlert>
        </div>
      )}
      <TextField label="Name on the payment" error={e.payerName?.message} {...register('payerName')} />
      <SelectField
        label="Paid by"
        options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
        error={e.method?.message}
        {...register('method')}
      />
      <TextField
        label="Transaction reference"
        hint="The code from your M-Pesa message (10 letters and digits, e.g. QWE12345RT) or your bank slip's reference."
        error={e.reference?.message}
        {...register('reference')}
      />
      <TextField label={`Amount paid (${record.currency})`} type="number" inputMode="numeric" error={e.amount?.message} {...register('amount')} />
      <div className="sm:col-span-2">
        <button className="btn-primary" type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Sending…' : 'Submit payment reference'}
        </button>
      </div>
    </form>
  );
}

/**
 * A registration's payment reference is sent by its attendee only, signed in with its address
 * (firestore.rules ownsRegistration): a reference is shared with whoever pays, and a submission
 * emails the registrant and takes the seat. Anyone may still pay with the code: finance finds the
 * money on the statement by it.
 */
function RegistrantPaymentForm({ record, onSent }: { record: CheckoutRecord; onSent: () => void }) {
  const session = useAttendeeSession();
  if (session.isPending) return <LoadingLine>Checking whether you are signed in…</LoadingLine>;
  if (registrantIs(record, session.data?.email)) return <PaymentReferenceForm record={record} onSent={onSent} />;
  return (
    <section aria-labelledby="sign-in-to-submit" className="mt-6 rounded-md border border-slate-300 p-4">
      <h2 id="sign-in-to-submit">Submit your payment reference</h2>
      <p className="mt-2">
        Only the registrant can submit a payment reference for this registration, signed in with the address it was made with (
        <span className="font-mono">{maskedEmail(record.email)}</span>).{' '}
        <Link className="text-brand-700 underline" to={href('/my-registration')}>
          Sign in on My registration
        </Link>{' '}
        with the link we email you, then open this page from there.
      </p>
      <p className="mt-2 text-slate-700">
        Paying with the payment code needs no sign-in: finance also finds the payment on the M-Pesa or bank statement by its code.
      </p>
    </section>
  );
}

/**
 * After a payment reference is sent the form gives way to this, brought into view and focused so it
 * is seen (`justSent`); a later visit shows it in place without moving focus.
 */
function ReferenceReceived({ justSent }: { justSent: boolean }) {
  const heading = useReveal<HTMLHeadingElement>(justSent);
  return (
    <section aria-labelledby="reference-received" className="mt-6 rounded-md border border-brand-600 bg-brand-50 p-4">
      <h2 id="reference-received" ref={heading} tabIndex={-1} className="outline-none">
        Payment reference received
      </h2>
      <p className="mt-2">
        Thank you. Staff will verify your payment, usually within two working days; your e-ticket appears on this page once it is verified.
      </p>
    </section>
  );
}

/** An unpaid registration's hold on its seat: until when, or that it lapsed (and whether paying still keeps the seat). */
export function HoldNotice({ hold }: { hold: Hold }) {
  if (hold.state === 'held')
    return (
      <p className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4">
        Your seat is held until <strong>{formatDateTime(hold.until)}</strong> (Nairobi time). Pay and submit your payment reference before then to keep it.
      </p>
    );
  return (
    <div className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4">
      <h2 className="text-lg">Your hold lapsed</h2>
      <p className="mt-2">
        {hold.until ? <>Your seat was held until {formatDateTime(hold.until)} (Nairobi time) and was then released. </> : 'Your seat was released. '}
        {hold.slotKept ? (
          'Nobody has taken it yet: pay now and submit your payment reference to keep it.'
        ) : (
          <>
            Someone else has taken it since. If seats are still free you can{' '}
            <Link className="text-brand-700 underline" to={href('/register')}>
              register again
            </Link>
            .
          </>
        )}
      </p>
    </div>
  );
}

/**
 * Checkout under a payment code, for anyone but the registration's attendee signed in on this
 * browser: a code is short enough to guess, so it opens nothing on its own (not even whether it is
 * taken). How to pay with it is the same for every code; what is due, and whose it is, opens with
 * the reference from the confirmation email, or by signing in.
 */
function CodeOnly({ code, settings }: { code: string; settings: SiteSettings }) {
  const navigate = useNavigate();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const p = settings.payment;
  const open = (event: FormEvent) => {
    event.preventDefault();
    const clean = checkoutReference(reference);
    if (!clean || readPaymentCode(reference)) return setError('Enter the reference from your confirmation email (not the payment code).');
    navigate(href('/checkout/:id', { id: clean }));
  };
  return (
    <div className="container-page max-w-3xl py-12">
      <h1>Checkout</h1>
      <p className="mt-6 rounded-lg border-2 border-brand-700 p-4">
        <span className="block text-slate-600">Payment code</span>
        <strong className="font-mono text-3xl tracking-wider">{code}</strong>
      </p>
      <section aria-labelledby="how-to-pay-with-code" className="mt-8">
        <h2 id="how-to-pay-with-code">Paying with this code</h2>
        <p className="mt-2">
          Enter <strong className="font-mono">{code}</strong> as the {p.mobileMoneyProvider ?? 'mobile money'} Paybill {p.mobileMoneyPaybill} &ldquo;Account
          number&rdquo;, or as the reference of a bank transfer to {p.bankAccountName}, {p.bankName} account {p.bankAccountNumber}: finance matches the payment
          by the code.
        </p>
      </section>
      <section aria-labelledby="open-with-reference" className="mt-8">
        <h2 id="open-with-reference">See what is due and your ticket</h2>
        <p className="mt-2">
          A payment code does not open a registration or application on its own, so nobody who guesses one learns whose it is. Enter the reference from your
          confirmation email, or, for a registration,{' '}
          <Link className="text-brand-700 underline" to={href('/my-registration')}>
            sign in on My registration
          </Link>{' '}
          with the address you registered with and open this page again.
        </p>
        <form noValidate className="mt-4 space-y-4" onSubmit={open}>
          <ReferenceInput id="code-reference" label="Reference" value={reference} onChange={setReference} error={error} />
          <button className="btn-primary" type="submit">
            Open my checkout
          </button>
        </form>
      </section>
    </div>
  );
}

/** A partner application or booth booking is paid for only once staff approve it (the rules agree). */
const awaitingReview = (r: CheckoutRecord) => r.collection === 'partners' && r.status === 'pending';

export default function CheckoutPage() {
  const { id = '' } = useParams();
  const record = useCheckoutRecord(id);
  const settings = useSiteSettings();
  const slot = useSeatSlot(record.data?.collection === 'registrations' ? record.data.seat : '');
  const [sent, setSent] = useState(false);
  if (record.isPending || settings.isPending)
    return (
      <div className="container-page py-12">
        <h1>Checkout</h1>
        <p className="mt-4 text-slate-600">Loading your registration…</p>
      </div>
    );
  if (record.isError || settings.isError) {
    return (
      <div className="container-page py-12">
        <h1>Checkout</h1>
        <FormAlert>We could not load this registration. Check your connection and reload the page.</FormAlert>
      </div>
    );
  }
  if (!record.data && readPaymentCode(id)) return <CodeOnly code={readPaymentCode(id)!} settings={settings.data!} />;
  if (!record.data) {
    return (
      <div className="container-page py-12">
        <h1>Reference not found</h1>
        <p className="mt-4">
          No registration or application has the reference <span className="font-mono">{id}</span>. Check it against your confirmation email, or{' '}
          <Link className="text-brand-700 underline" to={href('/checkout')}>
            enter it again
          </Link>
          .
        </p>
      </div>
    );
  }
  const r = record.data;
  const s = settings.data!;
  const confirmed = ['confirmed', 'checked-in'].includes(r.status) && ['paid', 'not-required'].includes(r.paymentStatus);
  // Whether the hold still stands is known once the slot is read (a failed read shows no notice: the rules decide at payment).
  const hold = r.collection === 'registrations' && slot.isSuccess ? checkoutHold(r, slot.data, s) : null;
  // A cancelled record owes nothing: what was paid for it stays on record, nothing more is asked.
  const cancelledUnpaid = r.status === 'cancelled' && r.paymentStatus !== 'paid';
  // Paid more than the fee: what came in, and that the rest goes back (data/money-received.ts).
  const over = r.paymentStatus === 'paid' ? overPaidMinor(r) : 0;
  return (
    <div className="container-page max-w-3xl py-12">
      <h1>Checkout</h1>
      {r.code && (
        <p className="mt-6 rounded-lg border-2 border-brand-700 p-4">
          <span className="block text-slate-600">Your payment code</span>
          <strong className="font-mono text-3xl tracking-wider">{r.code}</strong>
          <span className="mt-1 block text-sm text-slate-600">Quote it when you pay and whenever you write to us: it finds this page too.</span>
        </p>
      )}
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-slate-200 p-4">
        {/* The 16-character reference stays inside links: one code is shown, the payment code above (an older record without one shows its reference). */}
        {!r.code && (
          <>
            <dt className="text-slate-600">Reference</dt>
            <dd className="font-mono">{r.id}</dd>
          </>
        )}
        <dt className="text-slate-600">Name</dt>
        <dd>{r.name}</dd>
        <dt className="text-slate-600">For</dt>
        <dd>{r.what}</dd>
        <dt className="text-slate-600">{r.paymentStatus === 'paid' ? 'Paid' : 'Amount due'}</dt>
        <dd>
          {r.fee === 0
            ? 'Free'
            : cancelledUnpaid
              ? 'Nothing: it is cancelled'
              : over > 0
                ? formatMoneyMinor(r.receivedMinor, r.currency)
                : formatMoney(r.fee, r.currency)}
        </dd>
        {over > 0 && (
          <>
            <dt className="text-slate-600">Over the fee</dt>
            <dd>{formatMoneyMinor(over, r.currency)}: we email you when it is refunded, or why it is not.</dd>
          </>
        )}
        {paidInPart(r) && (
          <>
            <dt className="text-slate-600">Received so far</dt>
            <dd>{formatMoneyMinor(r.receivedMinor, r.currency)}</dd>
            <dt className="text-slate-600">Still due</dt>
            <dd>
              <strong>{formatMoneyMinor(stillDueMinor(r), r.currency)}</strong>
            </dd>
          </>
        )}
        <dt className="text-slate-600">Payment status</dt>
        <dd>
          <strong>{STATUS_TEXT[r.paymentStatus] ?? r.paymentStatus}</strong>
        </dd>
      </dl>
      {r.status === 'cancelled' ? (
        <FormAlert>This registration was cancelled. Contact the organisers if you think this is a mistake.</FormAlert>
      ) : confirmed ? (
        <Suspense fallback={<LoadingLine>Loading your ticket…</LoadingLine>}>
          <Ticket record={r} settings={s} />
        </Suspense>
      ) : awaitingReview(r) ? (
        <section aria-labelledby="under-review" className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4">
          <h2 id="under-review">Awaiting review</h2>
          <p className="mt-2">
            The organisers review every application before anything is due, usually within two working days. If they approve it, we email you and this page
            shows how to pay.
          </p>
        </section>
      ) : r.paymentStatus === 'submitted' ? (
        <ReferenceReceived justSent={sent} />
      ) : (
        <>
          {r.paymentNote && r.paymentStatus === 'unpaid' && (
            <div className="mt-6">
              <FormAlert>Your last payment reference could not be verified: {r.paymentNote} Please check it and submit it again.</FormAlert>
            </div>
          )}
          {hold && <HoldNotice hold={hold} />}
          {hold?.state === 'lapsed' && !hold.slotKept ? null : (
            <>
              <PaymentInstructions record={r} settings={s} />
              {r.collection === 'registrations' ? (
                <RegistrantPaymentForm record={r} onSent={() => setSent(true)} />
              ) : (
                <PaymentReferenceForm record={r} onSent={() => setSent(true)} />
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
