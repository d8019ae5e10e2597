import { newReference } from '../../lib/reference.ts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, href, useSearchParams, type MetaFunction } from 'react-router';
import { CheckboxField, FormAlert, HoneypotField, PolicyLinks, SelectField, TextAreaField } from '../../components/fields.tsx';
import { CHECKOUT_LINK } from '../../content/links.ts';
import { ATTENDANCE_LABELS } from '../../data/labels.ts';
import { formatDeadline, formatMoney } from '../../components/format.ts';
import { pageMeta } from '../../components/page-meta.ts';
import { TextField } from '../../components/TextField.tsx';
import { useReveal } from '../../components/use-reveal.ts';
import { getStoredLocation } from '../../lib/geo.ts';
import { attendeeSessionHint } from '../../lib/session-hint.ts';
import { linkedCategory } from '../../data/register-link.ts';
import { useSiteSettings } from '../../data/site-settings.ts';
import type { SiteSettings } from '../../data/site-settings-schema.ts';
import { ThrottledError, throttleMessage } from '../../data/visitor-throttle.ts';
import { HydratedForm, useTypedBeforeHydration } from '../../components/HydratedForm.tsx';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import type { BatchWrite } from '../../lib/db.ts';
import {
  draftPath,
  forgetLocalDraft,
  joinWaitlist,
  keepLocalDraft,
  localDraft,
  readDraft,
  registerNow,
  saveDraft,
  useFreeSeats,
  type SeatsGone,
  withProvenAddress,
} from './api.ts';
import type { RegistrationForm } from './schema.ts';
import type { RegistrationFields } from './form-checks.ts';
import { ATTENDANCE_MODES } from '../../data/statuses.ts';
import { lazyModule, lazyResolver } from '../../components/lazy-sending.ts';
import { AlreadyRegisteredError, RejoinTooSoonError, SummitFullError } from './errors.ts';
import { maskedEmail } from '../../lib/email-address.ts';
import { emailLinkProblemText, loadEmailLink, openedWithSignInLink } from '../../lib/sign-in-link.ts';
import { draftLink, signInLinkParams } from './draft-link.ts';
import { keepPlace, storedPlace } from './register-place.ts';
import { MyRegistrationLink } from './MyRegistrationLink.tsx';
import { NEEDS_SEEN_BY } from './needs-notice.ts';

export const meta: MetaFunction = () => pageMeta('Register', 'Register to attend the National Cancer Summit.');

type FormValues = RegistrationFields;

const checks = lazyModule(() => import('./form-checks.ts'));
// Shown only once the form is sent, or when the page opens with a sign-in link: loaded then.
const panels = () => import('../../components/EmailLinkPanels.tsx');
const CheckEmail = lazy(() => panels().then((m) => ({ default: m.CheckEmail })));
const ConfirmEmail = lazy(() => panels().then((m) => ({ default: m.ConfirmEmail })));
// Shown once a registration exists (just made, or found for a signed-in attendee).
const RegisteredNotice = lazy(() => import('./RegisteredNotice.tsx'));
/** What sending needs: the form's checks and the registration's own writes (seat, payment code). */
const prepareSending = () => Promise.all([checks(), import('./submit.ts'), panels()]);

function RegistrationClosed() {
  return (
    <div className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-6">
      <h2>Registration closed</h2>
      <p className="mt-2 text-slate-800">
        Registration for the summit is closed. Follow the{' '}
        <Link className="text-brand-700 underline" to={href('/blogs')}>
          news
        </Link>{' '}
        for what is next, or{' '}
        <Link className="text-brand-700 underline" to={href('/contact')}>
          contact the organisers
        </Link>
        .
      </p>
    </div>
  );
}

/** Why the last attempt did not go through, shown above the form (which keeps what was typed). */
type Problem =
  | { kind: 'already'; otherAddress: string | null }
  | { kind: 'full' }
  | { kind: 'throttled'; error: unknown }
  | { kind: 'rejoin'; retryAt: Date }
  | { kind: 'failed'; waitlist: boolean }
  | { kind: 'link'; text: string; email: string | null };

function ProblemAlert({
  problem,
  onJoinWaitlist,
  onNewLink,
  busy,
}: {
  problem: Problem;
  onJoinWaitlist: () => void;
  onNewLink: (email: string) => void;
  busy: boolean;
}) {
  switch (problem.kind) {
    case 'already':
      return problem.otherAddress ? (
        <FormAlert reveal>
          This mailbox already has a registration, under {maskedEmail(problem.otherAddress)}: an address with a +tag reaches the same mailbox, and one person
          holds one seat. Sign in to <MyRegistrationLink /> with that address to see it, pay for it or cancel it.
        </FormAlert>
      ) : (
        <FormAlert reveal>
          This address already has a registration. See it, pay for it or cancel it on <MyRegistrationLink />.
        </FormAlert>
      );
    case 'full':
      return (
        <div className="space-y-3">
          <FormAlert reveal>
            The last free seats were taken while you registered. Your answers are still here: join the waiting list and we will email you if a seat is offered
            to you.
          </FormAlert>
          <button type="button" className="btn-primary" onClick={onJoinWaitlist} disabled={busy}>
            Join the waiting list
          </button>
        </div>
      );
    case 'throttled':
      return <FormAlert reveal>{throttleMessage(problem.error, 'registrations')}</FormAlert>;
    case 'rejoin':
      return (
        <FormAlert reveal>
          You joined the waiting list a few minutes ago. Your answers are still here: you can join again after {formatDeadline(problem.retryAt)}.
        </FormAlert>
      );
    case 'failed':
      return (
        <FormAlert reveal>
          {problem.waitlist
            ? 'We could not add you to the waiting list. Your answers are still here: check your connection and try again.'
            : 'We could not send your registration. Your answers are still here: check your connection and press Register again. If it keeps failing, registration may have just closed.'}
        </FormAlert>
      );
    case 'link':
      return (
        <div className="space-y-3">
          <FormAlert reveal>{problem.text} Your answers are still here.</FormAlert>
          {problem.email && (
            <button type="button" className="btn-secondary" onClick={() => onNewLink(problem.email!)} disabled={busy}>
              Send me a new link
            </button>
          )}
        </div>
      );
  }
}

function RegistrationFormView({
  settings,
  full,
  initial,
  busy,
  problem,
  onSend,
  onNewLink,
}: {
  settings: SiteSettings;
  full: SeatsGone;
  initial: RegistrationForm | null;
  busy: boolean;
  problem: Problem | null;
  onSend: (form: RegistrationForm, waitlist: boolean) => void;
  onNewLink: (email: string) => void;
}) {
  const typed = useTypedBeforeHydration('registration-form');
  // A link may choose the category (/register?category=presenter from an abstract's acceptance);
  // a draft read back, or what the visitor typed before the page woke up, comes first.
  const [search] = useSearchParams();
  const linked = linkedCategory(search, settings.categories);
  const { register, handleSubmit, formState, setValue, getValues } = useForm<FormValues>({
    resolver: lazyResolver(async () => (await checks()).registrationResolver),
    defaultValues: initial ?? { attendanceMode: 'in-person', accessibilityNeeds: '', dietaryNeeds: '', ...(linked ? { category: linked } : {}), ...typed },
  });
  useEffect(() => {
    const country = getStoredLocation()?.country;
    if (country && !getValues('country')) setValue('country', country);
  }, [getValues, setValue]);
  const e = formState.errors;
  const options = Object.entries(settings.categories).map(([value, c]) => ({
    value,
    label: `${c.label} — ${c.fee === 0 ? 'free' : formatMoney(c.fee, settings.currency)}`,
  }));
  const send = (waitlist: boolean) =>
    handleSubmit((form) => {
      // A bot filled the hidden field: pretend, write nothing. Read raw: the schema strips it.
      if (getValues('faxNumber')) return;
      onSend(form, waitlist);
    });
  const waitlist = full !== null || problem?.kind === 'full';
  return (
    <HydratedForm id="registration-form" prepare={prepareSending} noValidate className="relative mt-8 grid gap-5 sm:grid-cols-2" onSubmit={send(waitlist)}>
      {full && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 sm:col-span-2">
          <h2 className="text-lg">{full === 'waiting' ? 'Seats go to the waiting list first' : 'Every seat is taken'}</h2>
          <p className="mt-1">
            {full === 'waiting' && 'People are waiting for a seat, so every seat that frees up is offered to them first, in the order they joined. '}
            Join the waiting list with this form: when a seat frees up, the organisers offer it to the next person on the list by email, and you claim it on{' '}
            <MyRegistrationLink />.
          </p>
        </div>
      )}
      {problem && (
        <div className="sm:col-span-2">
          <ProblemAlert problem={problem} busy={busy} onJoinWaitlist={send(true)} onNewLink={onNewLink} />
        </div>
      )}
      <TextField label="Full name" autoComplete="name" error={e.fullName?.message} {...register('fullName')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        hint="We email you a link to confirm it is yours."
        error={e.email?.message}
        {...register('email')}
      />
      <TextField label="Phone" type="tel" autoComplete="tel" error={e.phone?.message} {...register('phone')} />
      <TextField label="Organisation" autoComplete="organization" error={e.organisation?.message} {...register('organisation')} />
      <TextField label="Role or job title" autoComplete="organization-title" error={e.jobTitle?.message} {...register('jobTitle')} />
      <TextField label="Country" autoComplete="country-name" error={e.country?.message} {...register('country')} />
      <SelectField label="Category" options={options} error={e.category?.message} {...register('category')} />
      <SelectField
        label="Attendance"
        options={[...ATTENDANCE_MODES.map((mode) => ({ value: mode, label: ATTENDANCE_LABELS[mode] }))]}
        error={e.attendanceMode?.message}
        {...register('attendanceMode')}
      />
      {/* Needs are health data (sensitive under Kenya's Data Protection Act): say why they are asked and who sees them (SENSITIVE_DATA). */}
      <TextAreaField
        label="Accessibility needs (optional)"
        hint={`Tell us what would help you take part fully, so we can arrange it. ${NEEDS_SEEN_BY}`}
        error={e.accessibilityNeeds?.message}
        {...register('accessibilityNeeds')}
      />
      <TextAreaField
        label="Dietary needs (optional)"
        hint={`So the caterers can plan your meals. ${NEEDS_SEEN_BY}`}
        error={e.dietaryNeeds?.message}
        {...register('dietaryNeeds')}
      />
      <div className="sm:col-span-2">
        <CheckboxField label="I agree to the terms and conditions and to being contacted about the summit." error={e.consent?.message} {...register('consent')}>
          <PolicyLinks />
        </CheckboxField>
      </div>
      <HoneypotField {...register('faxNumber')} />
      {problem?.kind !== 'full' && (
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Sending…' : waitlist ? 'Join the waiting list' : 'Register'}
          </button>
        </div>
      )}
    </HydratedForm>
  );
}

type Phase =
  | { kind: 'form' }
  | { kind: 'signing-in' }
  | { kind: 'confirm-email'; error: string | null }
  | { kind: 'check-email'; email: string; waitlist: boolean; draftSaved: boolean }
  | { kind: 'registered'; reference: string; returning?: boolean }
  | { kind: 'waitlisted'; email: string };

/**
 * Registering under a proven address: someone signed in with the form's address registers at once;
 * anyone else is sent a sign-in link, and opening it (here or on another device) registers the
 * form kept in a draft. Every failure keeps what was typed.
 */
function Registration({ settings, full }: { settings: SiteSettings; full: SeatsGone }) {
  const client = useQueryClient();
  // Chosen once per visit (and per address), so a retry after a lost reply cannot register twice.
  const [id, setId] = useState(() => newReference());
  const [form, setForm] = useState<RegistrationForm | null>(null);
  // The prerendered page shows the form; a sign-in link in the address is taken up once the app runs.
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  // The draft on the server this registration deletes in its own commit (a link opened).
  const draftToDelete = useRef<string | null>(null);
  const linkParams = useRef(signInLinkParams());
  const linkHref = useRef(typeof location === 'undefined' ? '' : location.href);

  const extra = (): BatchWrite[] => (draftToDelete.current ? [{ delete: draftPath(draftToDelete.current) }] : []);

  /** Registers (or joins the waiting list) under the address signed in now. */
  const proceed = useCallback(
    async (reference: string, values: RegistrationForm, waitlist: boolean) => {
      setBusy(true);
      setProblem(null);
      try {
        if (waitlist) {
          await joinWaitlist(values, extra());
          setPhase({ kind: 'waitlisted', email: values.email });
          keepPlace({ kind: 'waitlisted', email: values.email });
        } else {
          await registerNow(reference, values, settings, extra());
          setPhase({ kind: 'registered', reference });
          keepPlace({ kind: 'registered', reference });
        }
        forgetLocalDraft();
        void client.invalidateQueries({ queryKey: ['seats'] });
      } catch (error) {
        setForm(values);
        setPhase({ kind: 'form' });
        keepPlace(null);
        if (error instanceof AlreadyRegisteredError) setProblem({ kind: 'already', otherAddress: error.otherAddress });
        else if (error instanceof SummitFullError) setProblem({ kind: 'full' });
        else if (error instanceof ThrottledError) setProblem({ kind: 'throttled', error });
        else if (error instanceof RejoinTooSoonError) setProblem({ kind: 'rejoin', retryAt: error.retryAt });
        else setProblem({ kind: 'failed', waitlist });
      } finally {
        setBusy(false);
      }
    },
    [client, settings],
  );

  /** The form sent: at once when its address is signed in here, else by a link to that address. */
  const send = async (typed: RegistrationForm, waitlist: boolean, reference = id) => {
    const values = withProvenAddress(typed);
    setForm(values);
    keepLocalDraft({ id: reference, form: values, waitlist });
    setBusy(true);
    setProblem(null);
    try {
      const link = await loadEmailLink();
      const session = await link.attendeeSession().catch(() => null);
      if (session?.email === values.email) {
        setBusy(false);
        return proceed(reference, values, waitlist);
      }
      // The draft lets the link open on another device; without it, this browser's copy still works.
      let draftSaved = true;
      try {
        await saveDraft(reference, values);
      } catch (error) {
        if (error instanceof ThrottledError) throw error;
        draftSaved = false;
      }
      await link.sendAttendeeLink(values.email, draftLink(reference, waitlist));
      setPhase({ kind: 'check-email', email: values.email, waitlist, draftSaved });
      keepPlace({ kind: 'check-email', id: reference, email: values.email, waitlist, draftSaved });
    } catch (error) {
      if (error instanceof ThrottledError) setProblem({ kind: 'throttled', error });
      else setProblem({ kind: 'link', text: 'We could not send the sign-in link. Check your connection and try again.', email: null });
    } finally {
      setBusy(false);
    }
  };

  /** Completes the sign-in with the link this page was opened with, then registers the form it carries. */
  const completeSignIn = useCallback(
    async (email: string) => {
      const { draft, waitlist } = linkParams.current;
      const link = await loadEmailLink();
      const opened = linkHref.current;
      if (!link.isAttendeeLink(opened)) return setPhase({ kind: 'form' });
      setPhase({ kind: 'signing-in' });
      // The link works once: a reload must not try it again (kept while the address is asked again).
      const forgetLink = () => history.replaceState(history.state, '', href('/register'));
      try {
        await link.completeAttendeeSignIn(email, opened);
      } catch (error) {
        const problem = link.describeEmailLinkError(error);
        if (problem === 'wrong-email') return setPhase({ kind: 'confirm-email', error: emailLinkProblemText(problem) });
        forgetLink();
        const kept = localDraft(draft ?? undefined);
        if (kept) setForm(kept.form);
        setPhase({ kind: 'form' });
        setProblem({ kind: 'link', text: emailLinkProblemText(problem), email: kept ? kept.form.email : null });
        return;
      }
      forgetLink();
      keepPlace(null);
      const fromServer = draft ? await readDraft(draft) : null;
      const kept = fromServer ?? localDraft(draft ?? undefined)?.form ?? null;
      if (!draft || !kept) {
        // Signed in, but the form was not kept (another device, and the draft expired): fill it in once more.
        setPhase({ kind: 'form' });
        return;
      }
      draftToDelete.current = fromServer ? draft : null;
      setId(draft);
      await proceed(draft, withProvenAddress(kept), waitlist);
    },
    [proceed],
  );

  useEffect(() => {
    if (!openedWithSignInLink()) return restorePlace();
    setPhase({ kind: 'signing-in' });
    let live = true;
    void loadEmailLink().then((link) => {
      if (!live) return;
      const stored = link.storedAttendeeEmail();
      if (stored) void completeSignIn(stored);
      else if (link.isAttendeeLink(linkHref.current)) setPhase({ kind: 'confirm-email', error: null });
      else setPhase({ kind: 'form' });
    });
    return () => {
      live = false;
    };
    // Once, when the page opens with a link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /**
   * Back where this tab was (a reload, Back then Forward): the link sent, or the registration made.
   * Else an attendee signed in on this browser who already holds a registration is told so at once
   * (the Auth SDK loads only when the browser keeps such a session).
   */
  function restorePlace() {
    const place = storedPlace();
    if (place?.kind === 'check-email') {
      setId(place.id);
      const kept = localDraft(place.id);
      if (kept) setForm(kept.form);
      setPhase(place);
    } else if (place) {
      setPhase(place);
    } else if (attendeeSessionHint()) {
      void import('./my-registration.ts')
        .then((m) => m.signedInRegistration())
        .then(
          (reference) => reference && setPhase((now) => (now.kind === 'form' ? { kind: 'registered', reference, returning: true } : now)),
          () => undefined, // offline or signed out meanwhile: the form, as for anyone
        );
    }
  }

  const registerAnother = () => {
    keepPlace(null);
    setId(newReference());
    setForm(null);
    setProblem(null);
    setPhase({ kind: 'form' });
  };

  const newLink = (email: string) => {
    if (form) void send({ ...form, email }, linkParams.current.waitlist || problem?.kind === 'full', newReference());
  };

  switch (phase.kind) {
    case 'signing-in':
      return <LoadingLine>Confirming your email address…</LoadingLine>;
    case 'confirm-email':
      return (
        <Suspense fallback={<LoadingLine>Loading…</LoadingLine>}>
          <ConfirmEmail error={phase.error} busy={busy} onConfirm={(email) => void completeSignIn(email)} />
        </Suspense>
      );
    case 'check-email':
      return (
        <Suspense fallback={<LoadingLine>Loading…</LoadingLine>}>
          <CheckEmail
            email={phase.email}
            purpose={
              <>
                Open the link {phase.draftSaved ? 'on this or another device' : 'in this browser'} to{' '}
                {phase.waitlist ? 'join the waiting list' : 'finish your registration'}: it confirms the address is yours. Your answers are kept until then.
              </>
            }
            onResend={async () => {
              const link = await loadEmailLink();
              await link.sendAttendeeLink(phase.email, draftLink(id, phase.waitlist));
            }}
            onChangeAddress={() => {
              // The draft under this reference names the old address: the new one gets its own.
              setId(newReference());
              keepPlace(null);
              setPhase({ kind: 'form' });
            }}
          />
        </Suspense>
      );
    case 'registered':
      return (
        <Suspense fallback={<LoadingLine>Loading your registration…</LoadingLine>}>
          <RegisteredNotice
            reference={phase.reference}
            title={phase.returning ? 'You are already registered' : 'Registration received'}
            // Kept for the tab: without this, coming back to /register later would only ever show it.
            onRegisterAnother={registerAnother}
          />
        </Suspense>
      );
    case 'waitlisted':
      return <Waitlisted email={phase.email} />;
    case 'form':
      return (
        <Suspense fallback={null}>
          <RegistrationFormView
            // A new form when what it starts from changes (a draft read back, an address changed).
            key={`${id}-${form ? 'kept' : 'new'}`}
            settings={settings}
            full={full}
            initial={form}
            busy={busy}
            problem={problem}
            onSend={(values, waitlist) => void send(values, waitlist)}
            onNewLink={newLink}
          />
        </Suspense>
      );
  }
}

function Waitlisted({ email }: { email: string }) {
  const heading = useReveal<HTMLHeadingElement>();
  return (
    <div className="mt-8 rounded-lg border border-brand-600 bg-brand-50 p-6">
      <h2 ref={heading} tabIndex={-1} className="outline-none">
        You are on the waiting list
      </h2>
      <p className="mt-2">
        When a seat frees up, the organisers offer it to the next person on the list. We will email <strong>{email}</strong> if it is offered to you; you claim
        it on <MyRegistrationLink />, where you can also leave the list.
      </p>
    </div>
  );
}

export default function RegisterPage() {
  const settings = useSiteSettings();
  const s = settings.data;
  const seats = useFreeSeats(s);
  const full: SeatsGone = (s && seats.data) || null;
  // The form is this page's heaviest render (every country, every category). Mounting it in a
  // deferred render lets React yield to the browser between its parts instead of blocking the
  // phone for one long task when the data arrives.
  const loaded = useDeferredValue(!settings.isPending && !seats.isPending);
  return (
    <div className="container-page max-w-3xl py-12">
      <h1>Register to Attend</h1>
      <p className="mt-4 text-lg text-slate-700">Choose your category, tell us about yourself, then pay by mobile money or bank transfer.</p>
      <p className="mt-2 text-slate-700">
        Registered already? See it on <MyRegistrationLink />, or{' '}
        <Link className="text-brand-700 underline" to={CHECKOUT_LINK.to}>
          {CHECKOUT_LINK.label.toLowerCase()}
        </Link>{' '}
        with the reference from your confirmation email.
      </p>
      {!loaded ? (
        <LoadingLine>Loading registration…</LoadingLine>
      ) : settings.isError ? (
        <FormAlert>We could not load the registration form. Check your connection and reload the page.</FormAlert>
      ) : !s?.registrationOpen ? (
        <RegistrationClosed />
      ) : (
        // Its own boundary: React hydrates it as a separate task from the rest of the page, so the
        // phone stays responsive while the page's heaviest part (every country, every category) hydrates.
        <Registration settings={s} full={full} />
      )}
    </div>
  );
}
