import { useState, type FormEvent } from 'react';
import { href, useNavigate, type MetaFunction } from 'react-router';
import { pageMeta } from '../../components/page-meta.ts';
import { ReferenceInput } from './ReferenceInput.tsx';
import { checkoutReference } from '../../lib/reference.ts';
import { readPaymentCode } from '../../data/payment-codes.ts';

export const meta: MetaFunction = () => pageMeta('Checkout', 'Enter your registration reference to see what is due and how to pay.');

export default function CheckoutLookupPage() {
  const navigate = useNavigate();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A payment code however typed ("ncs7k2qx") opens under its canonical form.
    const code = readPaymentCode(reference);
    if (code) return navigate(href('/checkout/:id', { id: code }));
    // Read back as the reference it is (case, spaces, O for 0 do not matter): the address is clean.
    const clean = checkoutReference(reference);
    if (!clean) return setError('Enter the payment code (like NCS-7K2QD) or the reference from your confirmation email.');
    navigate(href('/checkout/:id', { id: clean }));
  };
  return (
    <div className="container-page max-w-xl py-12">
      <h1>Checkout</h1>
      <p className="mt-4 text-slate-700">
        Enter your payment code or your registration or application reference to see what is due, pay, and get your e-ticket.
      </p>
      <form noValidate className="mt-6 space-y-4" onSubmit={submit}>
        <ReferenceInput id="reference" label="Payment code or reference" value={reference} onChange={setReference} error={error} />
        <button className="btn-primary" type="submit">
          Find my registration
        </button>
      </form>
    </div>
  );
}
