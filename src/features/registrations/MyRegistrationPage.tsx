import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link, href, type MetaFunction } from 'react-router';
import { FormAlert } from '../../components/fields.tsx';
import { formatDeadline, formatMoney } from '../../components/format.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import { Ticket } from '../../components/Ticket.tsx';
import { ticketEvent, ticketQrDataUrl } from '../../data/ticket-files.ts';
import { useReveal } from '../../components/use-reveal.ts';
import { settingsLabel } from '../../data/labels.ts';
import { useSiteSettings } from '../../data/site-settings.ts';
import type { SiteSettings } from '../../data/site-settings-schema.ts';
import { throttleMessage } from '../../data/visitor-throttle.ts';
import { offerExpiry, offerOpen, type WaitlistEntry } from '../../data/waitlist.ts';
import type { WithId } from '../../lib/db.ts';
import { newReference } from '../../lib/reference.ts';
import { quotedCode } from '../../data/payment-codes.ts';
import { EmailSignIn, SignedInAs } from '../../components/EmailSignIn.tsx';
import {
  cancelOwnRegistration,
  claimOffer,
  leaveWaitlist,
  mayCancel,
  myRegistrationKey,
  ownHold,
  useMyRegistration,
  type OwnRegistration,
} from './my-registration.ts';
import { AlreadyRegisteredError } from './errors.ts';
import { ErasureRequest } from './ErasureRequest.tsx';
import { attendedDays } from '../../data/certificates.ts';

// The CPD part (days attended, evaluations, certificates) is a chunk of its own, loaded only for
// someone admitted on some day: the page stays within its budget for everyone else.
// A chunk that cannot load (offline, or a deploy since the page opened) costs this part, not the page.
const cpdSections = () => import('./CpdSections.tsx');
function CpdUnavailable() {
  return (
    <div className="mt-4">
      <FormAlert>We could not load your attendance and certificates. Check your connection and reload the page.</FormAlert>
    </div>
  );
}
const AttendedDays = lazy(() =>
  cpdSections().then(
    (m) => ({ default: m.AttendedDays }),
    () => ({ default: CpdUnavailable }),
  ),
);
/**
 * The certificate's PDF module, with pdf-lib: public code's one door to it is this page, by a
 * dynamic import on the attendee's tap (scripts/build/public-imports.ts CERTIFICATE_DOOR, eslint.config.js).
 */
const loadCertificatePdf = () => import('../../data/certificate-pdf.ts');
const MyCertificates = lazy(() =>
  cpdSections().then(
    (m) => ({ default: m.MyCertificates }),
    () => ({ default: () => null }),
  ),
);

const YourDataSection = lazy(() => import('./YourDataSection.tsx'));

export const meta: MetaFunction = () =>
  pageMeta(
    'My registration',
    'See, pay for or cancel your summit registration, your place on the waiting list, the days you attended, their evaluations and your CPD certificate.',
    { index: false },
  );

const PATH = href('/my-registration');

/** A registration's state in a few words, from its two statuses. */
function statusText(r: Record<string, unknown>): string {
  if (r.status === 'cancelled') return 'Cancelled';
  if (r.status === 'checked-in') return 'Checked in';
  switch (r.paymentStatus) {
    case 'paid':
      return 'Paid: your seat is confirmed';
    case 'not-required':
      return 'Confirmed: no payment needed';
    case 'submitted':
      return 'Payment reference received: awaiting verification';
    default:
      return 'Awaiting payment';
  }
}

function CancelConfirm({ id, code, onDone, onKeep }: { id: string; code: string; onDone: () => void; onKeep: () => void }) {
  const heading = useReveal<HTMLHeadingElement>();
  const cancel = useMutation({ mutationFn: () => cancelOwnRegistration(id), onSuccess: onDone });
  const headingId = useId();
  return (
    <div role="alertdialog" aria-modal="false" aria-labelledby={headingId} className="mt-4 rounded-md border border-red-300 bg-red-50 p-4">
      <h4 id={headingId} ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Cancel registration {code}?
      </h4>
      <p className="mt-1">
        Your seat is released for someone else at once. This cannot be undone: to attend after all you would register again, if seats are free.
      </p>
      {cancel.isError && (
        <div className="mt-2">
          <FormAlert>We could not cancel your registration. Check your connection and try again.</FormAlert>
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className="btn-primary bg-red-700 hover:bg-red-800" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          {cancel.isPending ? 'Cancelling…' : 'Yes, cancel my registration'}
        </button>
        <button type="button" className="btn-secondary" disabled={cancel.isPending} onClick={onKeep}>
          Keep my registration
        </button>
      </div>
    </div>
  );
}

function RegistrationCard({
  item,
  settings,
  email,
  onChanged,
}: {
  item: OwnRegistration;
  settings: SiteSettings;
  email: string;
  onChanged: (message: string) => void;
}) {
  const r = item.record;
  const [confirming, setConfirming] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const hold = ownHold(item, settings);
  const what = `Registration · ${settingsLabel(settings, 'categories', r.category)}`;
  const fee = Number(r.fee);
  const confirmed = ['confirmed', 'checked-in'].includes(String(r.status)) && ['paid', 'not-required'].includes(String(r.paymentStatus));
  const cancelled = r.status === 'cancelled';
  // The one code people keep: its payment code (the reference stays inside links and the QR code).
  const code = quotedCode(r.id, r);
  return (
    <article aria-labelledby={headingId} className="mt-4 rounded-lg border border-slate-200 p-4">
      <h3 id={headingId} className="text-lg">
        Registration <span className="font-mono">{code}</span>
      </h3>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt className="text-slate-600">Name</dt>
        <dd>{String(r.fullName)}</dd>
        <dt className="text-slate-600">For</dt>
        <dd>{what}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd>
          <strong>{statusText(r)}</strong>
        </dd>
        <dt className="text-slate-600">{r.paymentStatus === 'paid' ? 'Paid' : 'Amount due'}</dt>
        <dd>{fee === 0 ? 'Free' : cancelled ? '—' : formatMoney(fee, String(r.currency))}</dd>
      </dl>
      {hold?.state === 'held' && (
        <p className="mt-3">
          Your seat is held until <strong>{formatDeadline(hold.until)}</strong>. Pay and submit your payment reference before then to keep it.
        </p>
      )}
      {hold?.state === 'lapsed' && (
        <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3">
          Your hold lapsed: the seat was released. If you have not paid, you can{' '}
          <Link className="text-brand-700 underline" to={href('/register')}>
            register again
          </Link>{' '}
          while seats are free.
        </p>
      )}
      {/* Before the ticket, whose heading is a level 2: the days' level 4 headings belong to this card's. */}
      {attendedDays(r).length > 0 && (
        <Suspense fallback={<LoadingLine className="mt-4">Loading the days you attended…</LoadingLine>}>
          <AttendedDays record={r} email={email} />
        </Suspense>
      )}
      {confirmed && (
        <Ticket
          record={{ id: r.id, code, name: String(r.fullName), what }}
          settings={settings}
          event={ticketEvent(r.id, settings, code)}
          qrDataUrl={ticketQrDataUrl}
        />
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {!cancelled && (
          <Link className="btn-secondary" to={href('/checkout/:id', { id: r.id })}>
            {r.paymentStatus === 'unpaid' ? 'Pay on the checkout page' : 'Open the checkout page'}
          </Link>
        )}
        {mayCancel(item) && !confirming && (
          <button ref={cancelButton} type="button" className="btn-secondary" onClick={() => setConfirming(true)}>
            Cancel registration
          </button>
        )}
      </div>
      {confirming && (
        <CancelConfirm
          id={r.id}
          code={code}
          onDone={() => {
            setConfirming(false);
            onChanged(`Registration ${code} is cancelled and its seat released.`);
          }}
          onKeep={() => {
            setConfirming(false);
            requestAnimationFrame(() => cancelButton.current?.focus());
          }}
        />
      )}
    </article>
  );
}

function WaitlistCard({ entry, settings, onChanged }: { entry: WithId<WaitlistEntry>; settings: SiteSettings; onChanged: (message: string) => void }) {
  // Chosen once for this offer, so a retry after a lost reply cannot register twice.
  const [reference] = useState(() => newReference());
  const claim = useMutation({
    mutationFn: () => claimOffer(reference, entry, settings),
    onSuccess: (code) =>
      onChanged(`Your seat is yours: registration ${code}.${settings.categories[entry.category]?.fee === 0 ? '' : ' Pay on its checkout page to keep it.'}`),
  });
  const leave = useMutation({ mutationFn: () => leaveWaitlist(entry), onSuccess: () => onChanged('You have left the waiting list.') });
  const open = offerOpen(entry, settings);
  const expiry = offerExpiry(entry, settings);
  const active = entry.status === 'waiting' || entry.status === 'offered';
  const busy = claim.isPending || leave.isPending;
  return (
    <section aria-labelledby="waitlist-heading" className="mt-10">
      <h2 id="waitlist-heading">Waiting list</h2>
      <div className="mt-4 rounded-lg border border-slate-200 p-4">
        {entry.status === 'waiting' && typeof entry.place === 'number' && (
          <p className="mb-2 text-lg font-semibold">
            You are number {entry.place} in line{entry.place === 1 ? ': the next seat that frees up is offered to you' : ''}.
          </p>
        )}
        {entry.status === 'waiting' && (
          <p>
            You are on the waiting list since {formatDeadline(entry.position)}, as {settingsLabel(settings, 'categories', entry.category)}. When a seat frees up
            the organisers offer it to the next person on the list; we will email you if it is you.
          </p>
        )}
        {entry.status === 'offered' && open && expiry && (
          <>
            <p>
              <strong>A seat is offered to you.</strong> Claim it by {formatDeadline(expiry)}; after that it goes to the next person on the list.
            </p>
            <button type="button" className="btn-primary mt-3" disabled={busy} onClick={() => claim.mutate()}>
              {claim.isPending ? 'Claiming…' : 'Claim your seat'}
            </button>
          </>
        )}
        {entry.status === 'offered' && !open && (
          <p>The seat offered to you was not claimed in time{expiry ? ` (by ${formatDeadline(expiry)})` : ''}, so it passes to the next person.</p>
        )}
        {entry.status === 'passed' && <p>A seat was offered to you but not claimed in time, so it went to the next person. You are no longer on the list.</p>}
        {entry.status === 'withdrawn' && <p>You left the waiting list.</p>}
        {entry.status === 'registered' && <p>You claimed the seat offered to you: your registration is above.</p>}
        {(entry.status === 'passed' || entry.status === 'withdrawn') && (
          <p className="mt-2">
            <Link className="text-brand-700 underline" to={href('/register')}>
              Register or join the waiting list again
            </Link>
          </p>
        )}
        {claim.isError && (
          <div className="mt-3">
            <FormAlert>
              {claim.error instanceof AlreadyRegisteredError
                ? 'This address already has a registration that holds a seat, so the offer cannot be claimed.'
                : (throttleMessage(claim.error, 'registrations') ??
                  'We could not claim the seat. The offer may have lapsed: reload the page to see, or try again.')}
            </FormAlert>
          </div>
        )}
        {leave.isError && (
          <div className="mt-3">
            <FormAlert>We could not take you off the waiting list. Check your connection and try again.</FormAlert>
          </div>
        )}
        {active && (
          <button type="button" className="btn-secondary mt-3" disabled={busy} onClick={() => leave.mutate()}>
            {leave.isPending ? 'Leaving…' : 'Leave the waiting list'}
          </button>
        )}
      </div>
    </section>
  );
}

function SignedIn({ email, settings, onSignOut }: { email: string; settings: SiteSettings; onSignOut: () => void }) {
  const client = useQueryClient();
  const mine = useMyRegistration(email);
  // Certificates exist only for someone admitted on some day: nobody else's page loads or reads them.
  const attended = !!mine.data?.registrations.some((item) => attendedDays(item.record).length > 0);
  const [message, setMessage] = useState('');
  const changed = (text: string) => {
    setMessage(text);
    void client.invalidateQueries({ queryKey: myRegistrationKey(email) });
  };
  return (
    <>
      <SignedInAs email={email} onSignOut={onSignOut} />
      <p role="status" className="mt-4 font-medium">
        {message}
      </p>
      {mine.isPending ? (
        <LoadingLine>Loading your registration…</LoadingLine>
      ) : mine.isError ? (
        <div className="mt-6">
          <FormAlert>We could not load your registration. Check your connection and reload the page.</FormAlert>
        </div>
      ) : (
        <>
          <section aria-labelledby="registrations-heading" className="mt-6">
            <h2 id="registrations-heading">Your registrations</h2>
            {mine.data.registrations.length === 0 ? (
              <p className="mt-3">
                No registration for {email} yet.{' '}
                {!mine.data.waitlist || !['waiting', 'offered'].includes(mine.data.waitlist.status) ? (
                  <Link className="text-brand-700 underline" to={href('/register')}>
                    Register to attend
                  </Link>
                ) : null}
              </p>
            ) : (
              mine.data.registrations.map((item) => <RegistrationCard key={item.record.id} item={item} settings={settings} email={email} onChanged={changed} />)
            )}
          </section>
          {attended && (
            <Suspense fallback={null}>
              <MyCertificates email={email} siteUrl={settings.siteUrl || location.origin} loadPdf={loadCertificatePdf} />
            </Suspense>
          )}
          {mine.data.waitlist && <WaitlistCard entry={mine.data.waitlist} settings={settings} onChanged={changed} />}
          <Suspense fallback={<LoadingLine>Loading your data…</LoadingLine>}>
            <YourDataSection email={email} registrations={mine.data.registrations} onChanged={changed} />
          </Suspense>
          <ErasureRequest email={email} settings={settings} />
        </>
      )}
    </>
  );
}

export default function MyRegistrationPage() {
  const settings = useSiteSettings();
  const client = useQueryClient();
  return (
    <div className="container-page max-w-3xl py-12">
      <h1>My registration</h1>
      {settings.isError ? (
        <FormAlert>We could not load this page. Check your connection and reload it.</FormAlert>
      ) : (
        <EmailSignIn
          path={PATH}
          intro="Enter the address you registered with."
          purpose="Open the link on this or another device to see your registration."
          loading={settings.isPending}
          onSignedOut={() => client.removeQueries({ queryKey: ['my-registration'] })}
        >
          {({ email, signOut }) => settings.data && <SignedIn email={email} settings={settings.data} onSignOut={signOut} />}
        </EmailSignIn>
      )}
    </div>
  );
}
