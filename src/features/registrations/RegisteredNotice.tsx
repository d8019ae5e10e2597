// The registration just made (or found when a signed-in attendee opens /register): its payment code,
// the one code people keep, with what it is for. A free registration is not told to pay. The
// reference stays inside the link to checkout. Loaded on its own: the form's page never needs it
// before a registration exists.
import { Link, href } from 'react-router';
import { formatMoney } from '../../components/format.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { useReveal } from '../../components/use-reveal.ts';
import { quotedCode } from '../../data/payment-codes.ts';
import { useOwnRegistration } from './my-registration.ts';
import { MyRegistrationLink } from './MyRegistrationLink.tsx';

export default function RegisteredNotice({ reference, title, onRegisterAnother }: { reference: string; title: string; onRegisterAnother: () => void }) {
  const heading = useReveal<HTMLHeadingElement>();
  const registration = useOwnRegistration(reference);
  const record = registration.data;
  const due = !!record && Number(record.fee) > 0 && record.paymentStatus === 'unpaid';
  return (
    <section aria-labelledby="registered-heading" className="mt-8 rounded-lg border border-brand-600 bg-brand-50 p-6">
      <h2 id="registered-heading" ref={heading} tabIndex={-1} className="outline-none">
        {title}
      </h2>
      {registration.isPending ? (
        <LoadingLine>Loading your registration…</LoadingLine>
      ) : record ? (
        <p className="mt-2">
          Your {Number(record.fee) > 0 ? 'payment code' : 'code'} is <strong className="font-mono">{quotedCode(reference, record)}</strong>.{' '}
          {due
            ? `Quote it as the account number when you pay ${formatMoney(Number(record.fee), String(record.currency))}, and show it at the entrance to collect your badge.`
            : record.paymentStatus === 'submitted'
              ? 'We have your payment reference and email you once finance has verified it; then show the code, or your e-ticket’s QR code, at the entrance to collect your badge.'
              : 'Nothing is due: show it, or your e-ticket’s QR code, at the entrance to collect your badge.'}{' '}
          We have emailed it to you too.
        </p>
      ) : (
        <p className="mt-2">
          We could not load your registration just now. Its code is in the email we sent you, and on <MyRegistrationLink />.
        </p>
      )}
      <p className="mt-2">
        You can see{due ? ', pay for' : ''} or cancel your registration any time on <MyRegistrationLink />.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link className="btn-primary" to={href('/checkout/:id', { id: reference })} data-reference={reference}>
          {record && !due ? 'Open your e-ticket' : 'Continue to checkout'}
        </Link>
        <button type="button" className="btn-secondary" onClick={onRegisterAnother}>
          Register someone else
        </button>
      </div>
    </section>
  );
}
