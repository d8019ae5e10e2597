// @vitest-environment jsdom
// Manage Users' reviewer writes against the real rules (staff, reviewerProfile): the screen itself
// (src/features/staff/admin/UsersPage.tsx) as the demo administrator, through the app's Firestore
// client and Auth, on the emulators. It adds a reviewer with their institution and a track of the
// call, changes them, makes them an editor and a reviewer again, makes an editor a reviewer (with
// the institution and tracks the role needs) and removes them, each change landing as the screen
// says. The rules' refusals of malformed entries are tests/integration/abstract-review.test.ts's.
// The component tests' DOM setup: jest-dom, <dialog>'s modal methods (the removal's confirmation), cleanup.
import '../setup-dom.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureAuthUser, findDocuments, ownerHeaders } from '../../emulator/seed/rest.ts';
import { stack } from './support/clients.ts';
import { fixture, ownerDelete, ownerGet, uniqueId } from './support/owner.ts';

// The app reads the emulators' addresses when its Firebase modules load: point them at this stack.
vi.stubEnv('VITE_FIRESTORE_EMULATOR_HOST', stack().firestore);
vi.stubEnv('VITE_AUTH_EMULATOR_HOST', stack().auth);
const { default: UsersPage } = await import('../../src/features/staff/admin/UsersPage.tsx');
const { signInWithPassword, signOut } = await import('../../src/lib/auth.ts');
const { renderStaffScreen } = await import('../render-staff.tsx');
// (After the stubs: the actors' module loads the app's environment.)
const { ACCOUNTS } = await import('./support/actors.ts');

// "aaa-": first in the list (by address), on its first page whatever else the stack holds.
const NEW = `aaa-${uniqueId('reviewer')}@example.org`;
const EDITOR = `aaa-${uniqueId('editor')}@example.org`;
let tracks: Array<[string, string]>;

/** Deletes the Auth account the invitation made for `email`. */
async function deleteAccount(email: string) {
  const identity = `http://${stack().auth}/identitytoolkit.googleapis.com/v1/projects/${stack().projectId}`;
  const found = (await (
    await fetch(`${identity}/accounts:lookup`, { method: 'POST', headers: ownerHeaders, body: JSON.stringify({ email: [email] }) })
  ).json()) as {
    users?: Array<{ localId: string }>;
  };
  for (const { localId } of found.users ?? [])
    await fetch(`${identity}/accounts:delete`, { method: 'POST', headers: ownerHeaders, body: JSON.stringify({ localId }) });
}

beforeAll(async () => {
  // The seeded demo call's tracks, which the screen offers.
  const call = await ownerGet('settings/abstracts');
  tracks = Object.entries((call?.tracks ?? {}) as Record<string, string>);
  expect(tracks.length).toBeGreaterThanOrEqual(2);
  await fixture(`staff/${EDITOR}`, { email: EDITOR, role: 'editor' });
  await ensureAuthUser(stack(), ACCOUNTS.admin);
  await signInWithPassword(ACCOUNTS.admin.email, ACCOUNTS.admin.password);
});
afterAll(async () => {
  await signOut();
  vi.unstubAllEnvs();
  await ownerDelete(`staff/${NEW}`, `staff/${EDITOR}`);
  await deleteAccount(NEW);
  // The activity log's lines about them.
  for (const who of [NEW, EDITOR]) {
    const lines = (await findDocuments(stack(), 'logs', 'userEmail', ACCOUNTS.admin.email)).filter((l) => JSON.stringify(l).includes(who));
    await ownerDelete(...lines.map((l) => `logs/${String(l.name).split('/').pop()}`));
  }
});

const render = () => renderStaffScreen(UsersPage, { role: 'admin', email: ACCOUNTS.admin.email });
const row = async (email: string) => (await screen.findByText(email, { selector: 'span.break-all' }, { timeout: 10_000 })).closest('tr')!;
/** The screen's notice, once it says `text` (a notice stays until the next replaces it). */
const status = (text: string) => waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text), { timeout: 10_000 });

describe('Manage Users writes reviewers as the rules accept them', () => {
  it('adds a reviewer with their institution and a track of the call', async () => {
    render();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), NEW);
    await user.selectOptions(screen.getByLabelText('Role'), 'reviewer');
    await user.type(screen.getByLabelText('Institution'), 'Moi University');
    await user.click(await screen.findByRole('checkbox', { name: tracks[0][1] }, { timeout: 10_000 }));
    await user.click(screen.getByRole('button', { name: 'Add and invite' }));
    await status(`Added ${NEW} as reviewer.`);
    expect(await ownerGet(`staff/${NEW}`)).toMatchObject({ email: NEW, role: 'reviewer', institution: 'Moi University', tracks: [tracks[0][0]] });
  });

  it('changes their institution and tracks, then their role and back (the institution and tracks kept)', async () => {
    render();
    const user = userEvent.setup();
    const mine = await row(NEW);
    await user.click(within(mine).getByRole('button', { name: `Change institution and tracks of ${NEW}` }));
    const institution = within(mine).getByLabelText(`Institution of ${NEW}`);
    await user.clear(institution);
    await user.type(institution, 'Aga Khan University');
    await user.click(await within(mine).findByRole('checkbox', { name: tracks[1][1] }));
    await user.click(within(mine).getByRole('button', { name: `Save the institution and tracks of ${NEW}` }));
    await status(`Changed the institution and tracks of ${NEW}.`);
    expect(await ownerGet(`staff/${NEW}`)).toMatchObject({ institution: 'Aga Khan University', tracks: [tracks[0][0], tracks[1][0]] });
    await user.selectOptions(within(await row(NEW)).getByLabelText(`Role of ${NEW}`), 'editor');
    await user.click(within(await row(NEW)).getByRole('button', { name: `Change role of ${NEW}` }));
    await status(`${NEW} is now editor.`);
    await waitFor(async () => expect(await ownerGet(`staff/${NEW}`)).toMatchObject({ role: 'editor', institution: 'Aga Khan University' }));
    await user.selectOptions(within(await row(NEW)).getByLabelText(`Role of ${NEW}`), 'reviewer');
    await user.click(within(await row(NEW)).getByRole('button', { name: `Change role of ${NEW}` }));
    await status(`${NEW} is now reviewer.`);
    expect(await ownerGet(`staff/${NEW}`)).toMatchObject({ role: 'reviewer' });
  });

  it('makes an editor a reviewer with the institution and tracks the role needs, in one update', async () => {
    render();
    const user = userEvent.setup();
    const theirs = await row(EDITOR);
    await user.selectOptions(within(theirs).getByLabelText(`Role of ${EDITOR}`), 'reviewer');
    await user.type(within(theirs).getByLabelText(`Institution of ${EDITOR}`), 'KEMRI');
    await user.click(await within(theirs).findByRole('checkbox', { name: tracks[1][1] }));
    await user.click(within(theirs).getByRole('button', { name: `Change role of ${EDITOR}` }));
    await status(`${EDITOR} is now reviewer.`);
    expect(await ownerGet(`staff/${EDITOR}`)).toMatchObject({ role: 'reviewer', institution: 'KEMRI', tracks: [tracks[1][0]] });
  });

  it('removes a reviewer', async () => {
    render();
    const user = userEvent.setup();
    await user.click(within(await row(NEW)).getByRole('button', { name: `Remove ${NEW}` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await status(`Removed ${NEW} from the staff.`);
    expect(await ownerGet(`staff/${NEW}`)).toBeNull();
  });
});
