// @vitest-environment jsdom
// Staff whose address has capitals are staff. staff/{email} is keyed in lower case (Manage Users
// writes it so, and the rules refuse any other key); the address a person types, or the one their
// account carries (a Google account can say `Finance.Lead@Example.ORG`), may not be. The lookup
// runs where it runs in the product: the app's own sign-in (src/lib/auth.ts), the admin layout's
// staff lookup (src/app/admin/AdminLayout.tsx) through the app's Firestore client, against the
// Auth emulator and the Firestore emulator enforcing firestore.rules.
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { createElement, Fragment } from 'react';
import { createRoutesStub } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureAuthUser, findDocuments } from '../../emulator/seed/rest.ts';
import { decodeFields } from '../../src/lib/firestore-rest.ts';
import { firestoreDocumentsUrl } from '../../src/lib/firestore-rest.ts';
import { stack } from './support/clients.ts';
import { fixture, ownerDelete, uniqueId } from './support/owner.ts';

// The app reads the emulators' addresses when its Firebase modules load: point them at this stack.
vi.stubEnv('VITE_FIRESTORE_EMULATOR_HOST', stack().firestore);
vi.stubEnv('VITE_AUTH_EMULATOR_HOST', stack().auth);
const { default: AdminLayout } = await import('../../src/app/admin/AdminLayout.tsx');
const { auth, currentUser, signInWithPassword, signOut } = await import('../../src/lib/auth.ts');
const { useStaff } = await import('../../src/admin/staff-context.ts');
const { useStaffWrites } = await import('../../src/admin/use-staff-action.ts');
const { db } = await import('../../src/lib/data.ts');

const KEY = 'finance.lead@example.org';
const CAPITALISED = 'Finance.Lead@Example.ORG';
const PASSWORD = 'finance-lead-2027';
const RUN = uniqueId('run');

/** The back office's overview, with one logged staff action (as every screen's actions are). */
function Overview() {
  const staff = useStaff();
  const act = useStaffWrites<void>({ writes: () => [], log: () => `Case check by ${staff.email} ${RUN}` });
  return createElement(
    Fragment,
    null,
    createElement('h1', null, 'Overview'),
    createElement('button', { type: 'button', onClick: () => act.mutate() }, 'Do something logged'),
    act.isSuccess && createElement('p', { role: 'status' }, 'Logged'),
    act.isError && createElement('p', { role: 'alert' }, String(act.error)),
  );
}

function renderBackOffice() {
  const Stub = createRoutesStub([
    { path: '/admin', Component: AdminLayout, children: [{ index: true, Component: Overview }] },
    { path: '/login', Component: () => createElement('h1', null, 'Login page') },
  ]);
  render(
    createElement(
      QueryClientProvider,
      { client: new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }) },
      createElement(Stub, { initialEntries: ['/admin'] }),
    ),
  );
}

/** What the back office shows once it has looked the person up: their staff entry and role, or "No access". */
async function expectRecognisedAsFinance(key: string) {
  renderBackOffice();
  expect(await screen.findByText(`${key} · finance`, undefined, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'No access' })).not.toBeInTheDocument();
  // The menu is the role's: finance sees the invoice generator, not Manage Users.
  expect(screen.getByRole('link', { name: 'Invoice Generator' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Manage Users' })).not.toBeInTheDocument();
  // And the rules agree: a finance-only read succeeds for this session.
  await expect(db.fetchDocuments('invoices', { limit: 1 })).resolves.toEqual(expect.any(Array));
}

/** A staff action is logged, and the rules accept the entry in the name the session carries. */
async function expectActionLogged(key: string, tokenEmail: string) {
  await userEvent.setup().click(screen.getByRole('button', { name: 'Do something logged' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Logged');
  const entries = await findDocuments(stack(), 'logs', 'message', `Case check by ${key} ${RUN}`);
  expect(entries.map((e) => decodeFields(e.fields as Parameters<typeof decodeFields>[0]).userEmail)).toEqual([tokenEmail]);
}

beforeAll(async () => {
  // As Manage Users writes them: keyed by the lower-case address.
  await fixture(`staff/${KEY}`, { email: KEY, role: 'finance' });
});
afterEach(async () => {
  cleanup();
  await signOut();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await ownerDelete(`staff/${KEY}`);
});

describe('staff whose email has capitals are recognised with their role', () => {
  it('a password account signed in with the address typed in capitals (FINANCE.Lead@Example.ORG)', async () => {
    await ensureAuthUser(stack(), { email: KEY, password: PASSWORD, emailVerified: true });
    await signInWithPassword('FINANCE.Lead@Example.ORG', PASSWORD);
    await expectRecognisedAsFinance(KEY);
    await expectActionLogged(KEY, auth.currentUser!.email!);
  });

  it(`an account whose address in Auth has capitals (${CAPITALISED}): the back office looks up the lower-case entry`, async () => {
    // The Auth emulator, as Firebase Auth, stores every address it is given in lower case, so it
    // cannot make such an account: the signed-in user is given the capitalised address it would
    // carry (an account from before Firebase normalised addresses, or an identity provider's).
    await ensureAuthUser(stack(), { email: KEY, password: PASSWORD, emailVerified: true });
    await signInWithPassword(KEY, PASSWORD);
    Object.assign(auth.currentUser!, { email: CAPITALISED });
    expect((await currentUser())?.email).toBe(CAPITALISED);
    await expectRecognisedAsFinance(KEY);
  });

  it('someone with no staff entry, under any case, is not staff', async () => {
    const google = GoogleAuthProvider.credential(JSON.stringify({ sub: uniqueId('google'), email: 'Not.Staff@Example.ORG', email_verified: true }));
    await signInWithCredential(auth, google);
    await waitFor(() => expect(localStorage.getItem('authToken')).toBeTruthy());
    renderBackOffice();
    expect(await screen.findByRole('heading', { name: 'No access' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('the rules, for an ID token whose address has capitals', () => {
  // Firebase Auth (and its emulator) would not issue this token, but the rules must not depend on
  // that: an unsigned Google ID token for the stack's project, as attacks/providers.test.ts makes.
  const token = (() => {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const { projectId } = stack();
    const iat = Math.floor(Date.now() / 1000);
    const claims = {
      sub: 'capitalised-staff',
      user_id: 'capitalised-staff',
      email: CAPITALISED,
      email_verified: true,
      firebase: { sign_in_provider: 'google.com', identities: {} },
    };
    return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: `https://securetoken.google.com/${projectId}`, aud: projectId, iat, exp: iat + 3600, ...claims })}.`;
  })();
  const call = (path: string, body?: unknown) =>
    fetch(`${firestoreDocumentsUrl(stack().projectId, stack().firestore)}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('reads their lower-case staff entry, holds its role, and logs in the name the token carries', async () => {
    const entry = await call(`/staff/${KEY}`);
    expect(entry.status).toBe(200);
    expect(((await entry.json()) as { fields: { role: { stringValue: string } } }).fields.role.stringValue).toBe('finance');
    // A finance-only read (the invoices), refused to anyone without the role.
    expect((await call(':runQuery', { structuredQuery: { from: [{ collectionId: 'invoices' }], limit: 1 } })).status).toBe(200);
    const id = uniqueId('log');
    const root = `projects/${stack().projectId}/databases/(default)/documents`;
    const logged = await call(':commit', {
      writes: [
        {
          update: {
            name: `${root}/logs/${id}`,
            fields: { id: { stringValue: id }, message: { stringValue: `Case check ${id}` }, userEmail: { stringValue: CAPITALISED } },
          },
          updateTransforms: [{ fieldPath: 'timestamp', setToServerValue: 'REQUEST_TIME' }],
          currentDocument: { exists: false },
        },
      ],
    });
    expect(logged.status).toBe(200);
  });
});
