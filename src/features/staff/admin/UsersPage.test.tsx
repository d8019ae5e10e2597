import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';

type Entry = { id: string; email: string; role: string; displayName?: string };
const fake = vi.hoisted(() => ({ staff: [] as Entry[], commits: [] as unknown[][], invited: [] as string[], inviteFails: false }));

// Firebase Auth's invitation (account + password email) is exercised for real in e2e/staff-onboarding.
vi.mock('../../../lib/auth-accounts.ts', () => ({
  inviteStaffAccount: async (email: string) => {
    if (fake.inviteFails) throw Object.assign(new Error('offline'), { code: 'auth/network-request-failed' });
    fake.invited.push(email);
    return { created: true };
  },
}));

// The call's tracks, which a reviewer's checkboxes offer (settings/abstracts, a public read).
const CALL = { tracks: { prevention: 'Prevention and early detection', treatment: 'Treatment and care' } };

vi.mock('../../../lib/data.ts', () => ({
  publicReads: { fetchDocument: async (name: string, id: string) => (`${name}/${id}` === 'settings/abstracts' ? { id, ...CALL } : null) },
  db: {
    fetchPage: async () => ({ items: [...fake.staff].sort((a, b) => a.email.localeCompare(b.email)), next: null }),
    fetchCount: async () => fake.staff.filter((s) => s.role === 'admin').length,
    activityWrite: (message: string) => ({ log: message }),
    // A transaction over the fake store: decide sees the documents as they are now.
    transact: async (paths: string[], decide: (docs: unknown[]) => Promise<{ writes: unknown[] }>) => {
      const docs = paths.map((p) => fake.staff.find((s) => `staff/${s.id}` === p) ?? null);
      fake.commits.push((await decide(docs)).writes);
    },
  },
}));

const { default: UsersPage } = await import('./UsersPage.tsx');

beforeEach(() => {
  fake.staff = [
    { id: 'admin@summit.test', email: 'admin@summit.test', role: 'admin', displayName: 'Demo Admin' },
    { id: 'editor@summit.test', email: 'editor@summit.test', role: 'editor' },
  ];
  fake.commits.length = 0;
  fake.invited.length = 0;
  fake.inviteFails = false;
});

const row = async (email: string) => (await screen.findByText(email, { selector: 'span.break-all' })).closest('tr')!;

describe('manage users', () => {
  it('the admin’s own row has no controls and says why; another row has them', async () => {
    renderStaffScreen(UsersPage, { role: 'admin', email: 'admin@summit.test' });
    const mine = await row('admin@summit.test');
    expect(await within(mine).findByText(/This is you/)).toBeInTheDocument();
    expect(within(mine).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
    const editor = await row('editor@summit.test');
    expect(await within(editor).findByRole('button', { name: 'Remove editor@summit.test' })).toBeInTheDocument();
    expect(within(editor).getByLabelText('Role of editor@summit.test')).toHaveValue('editor');
  });

  it('the only administrator’s row offers nothing, even to another administrator', async () => {
    fake.staff.push({ id: 'solo@summit.test', email: 'solo@summit.test', role: 'admin' });
    fake.staff = fake.staff.filter((s) => s.email !== 'admin@summit.test');
    renderStaffScreen(UsersPage, { role: 'admin', email: 'admin@summit.test' });
    const solo = await row('solo@summit.test');
    expect(await within(solo).findByText(/The only administrator cannot be removed/)).toBeInTheDocument();
    // Only an invitation can be sent again: no role change, no removal.
    expect(
      within(solo)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Send invitation to solo@summit.test']);
    expect(within(solo).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('adds a member by email, lower-cased, with the role, logged in the same commit', async () => {
    renderStaffScreen(UsersPage, { role: 'admin' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), '  New.Person@Example.ORG ');
    await user.selectOptions(screen.getByLabelText('Role'), 'finance');
    await user.click(screen.getByRole('button', { name: 'Add and invite' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Added new.person@example.org as finance. We emailed new.person@example.org a link to choose a password',
    );
    expect(fake.invited).toEqual(['new.person@example.org']);
    const [write, log] = fake.commits[0] as Array<{ set?: string; data?: Record<string, unknown>; log?: string }>;
    expect(write.set).toBe('staff/new.person@example.org');
    expect(write.data).toMatchObject({ id: 'new.person@example.org', email: 'new.person@example.org', role: 'finance' });
    expect(write.data).not.toHaveProperty('displayName');
    // Only a reviewer's entry says where they work and what they review.
    expect(write.data).not.toHaveProperty('institution');
    expect(write.data).not.toHaveProperty('tracks');
    expect(log).toEqual({ log: 'Added new.person@example.org to the staff as finance' });
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('refuses an invalid email and a missing role inline, focusing the first, and an existing member without changing them', async () => {
    renderStaffScreen(UsersPage, { role: 'admin' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add and invite' }));
    expect(await screen.findByText('Enter a valid email address, like name@example.org.')).toBeInTheDocument();
    expect(screen.getByText('Choose a role.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'Editor@summit.test');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Add and invite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('editor@summit.test is already on the staff list (as editor).');
    expect(fake.commits).toHaveLength(0);
    expect(screen.getByLabelText('Email')).toHaveValue('Editor@summit.test');
  });

  it('keeps the new entry when the invitation cannot be sent, and says how to send it again from the list', async () => {
    fake.inviteFails = true;
    renderStaffScreen(UsersPage, { role: 'admin' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'late@example.org');
    await user.selectOptions(screen.getByLabelText('Role'), 'editor');
    await user.click(screen.getByRole('button', { name: 'Add and invite' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Added late@example.org as editor. The invitation email could not be sent: use “Send invitation” in the list to try again.',
    );
    expect(fake.commits).toHaveLength(1);
  });

  it('sends an invitation again from a row, and says when it failed', async () => {
    renderStaffScreen(UsersPage, { role: 'admin', email: 'admin@summit.test' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send invitation to editor@summit.test' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We emailed editor@summit.test a link to choose a password');
    expect(fake.invited).toEqual(['editor@summit.test']);
    fake.inviteFails = true;
    await user.click(screen.getByRole('button', { name: 'Send invitation to editor@summit.test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The invitation to editor@summit.test could not be sent.');
  });

  it('changes a role and removes a member after confirming, each logged', async () => {
    renderStaffScreen(UsersPage, { role: 'admin' });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Role of editor@summit.test'), 'finance');
    await user.click(screen.getByRole('button', { name: 'Change role of editor@summit.test' }));
    expect(fake.commits[0]).toEqual([
      { update: 'staff/editor@summit.test', data: { role: 'finance' } },
      { log: 'Changed the role of editor@summit.test from editor to finance' },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Remove editor@summit.test' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed editor@summit.test from the staff.')).toBeInTheDocument();
    expect(fake.commits[1]).toEqual([{ delete: 'staff/editor@summit.test' }, { log: 'Removed editor@summit.test (editor) from the staff' }]);
  });

  it('adds a reviewer with their institution and the call’s tracks, asking for both and clearing each problem once answered', async () => {
    renderStaffScreen(UsersPage, { role: 'admin' });
    const user = userEvent.setup();
    expect(screen.queryByLabelText('Institution')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'Reviewer@Example.org');
    await user.selectOptions(screen.getByLabelText('Role'), 'reviewer');
    const tracks = await screen.findByRole('group', { name: 'Tracks they review' });
    expect(
      within(tracks)
        .getAllByRole('checkbox')
        .map((b) => b.parentElement?.textContent),
    ).toEqual(['Prevention and early detection', 'Treatment and care']);
    await user.type(screen.getByLabelText('Institution'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add and invite' }));
    expect(await screen.findByText('Enter the institution they work at: they are never given an abstract from it.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one track they review.')).toBeInTheDocument();
    expect(fake.commits).toHaveLength(0);
    await user.type(screen.getByLabelText('Institution'), 'Moi University');
    await user.click(within(tracks).getByRole('checkbox', { name: 'Treatment and care' }));
    await waitFor(() => expect(screen.queryByText('Choose at least one track they review.')).not.toBeInTheDocument());
    expect(screen.queryByText(/Enter the institution/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add and invite' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added reviewer@example.org as reviewer.');
    expect(fake.commits[0]).toEqual([
      {
        set: 'staff/reviewer@example.org',
        data: expect.objectContaining({ email: 'reviewer@example.org', role: 'reviewer', institution: 'Moi University', tracks: ['treatment'] }),
      },
      { log: 'Added reviewer@example.org to the staff as reviewer' },
    ]);
  });

  it('refuses an institution with a hidden character, as the rules would', async () => {
    renderStaffScreen(UsersPage, { role: 'admin' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'r@example.org');
    await user.selectOptions(screen.getByLabelText('Role'), 'reviewer');
    await user.type(await screen.findByLabelText('Institution'), 'Moi\u202EUniversity');
    await user.click(await screen.findByRole('checkbox', { name: 'Prevention and early detection' }));
    await user.click(screen.getByRole('button', { name: 'Add and invite' }));
    expect(await screen.findByText(/Use only visible characters/)).toBeInTheDocument();
    expect(fake.commits).toHaveLength(0);
  });

  it('makes an editor a reviewer only with an institution and tracks, written with the role', async () => {
    renderStaffScreen(UsersPage, { role: 'admin' });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Role of editor@summit.test'), 'reviewer');
    await user.click(screen.getByRole('button', { name: 'Change role of editor@summit.test' }));
    expect(await screen.findByText('Choose at least one track they review.')).toBeInTheDocument();
    expect(fake.commits).toHaveLength(0);
    await user.type(screen.getByLabelText('Institution of editor@summit.test'), 'Kenyatta National Hospital');
    await user.click(await screen.findByRole('checkbox', { name: 'Prevention and early detection' }));
    expect(screen.queryByText('Choose at least one track they review.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change role of editor@summit.test' }));
    await waitFor(() =>
      expect(fake.commits[0]).toEqual([
        { update: 'staff/editor@summit.test', data: { role: 'reviewer', institution: 'Kenyatta National Hospital', tracks: ['prevention'] } },
        { log: 'Changed the role of editor@summit.test from editor to reviewer' },
      ]),
    );
  });

  it('shows a reviewer’s institution and tracks, changes them, and changes their role back without asking again', async () => {
    fake.staff.push({
      id: 'rev@summit.test',
      email: 'rev@summit.test',
      role: 'reviewer',
      institution: 'Moi University',
      tracks: ['prevention', 'gone'],
    } as Entry);
    renderStaffScreen(UsersPage, { role: 'admin', email: 'admin@summit.test' });
    const user = userEvent.setup();
    const rev = await row('rev@summit.test');
    expect(within(rev).getByText('Moi University')).toBeInTheDocument();
    expect(await within(rev).findByText('Prevention and early detection, gone (no longer a track)')).toBeInTheDocument();
    await user.click(within(rev).getByRole('button', { name: 'Change institution and tracks of rev@summit.test' }));
    const institution = within(rev).getByLabelText('Institution of rev@summit.test');
    await user.clear(institution);
    await user.click(within(rev).getByRole('button', { name: 'Save the institution and tracks of rev@summit.test' }));
    expect(await within(rev).findByText(/Enter the institution/)).toBeInTheDocument();
    await user.type(institution, 'Aga Khan University');
    expect(within(rev).queryByText(/Enter the institution/)).not.toBeInTheDocument();
    await user.click(within(rev).getByRole('checkbox', { name: 'Prevention and early detection' }));
    await user.click(within(rev).getByRole('checkbox', { name: 'Treatment and care' }));
    await user.click(within(rev).getByRole('button', { name: 'Save the institution and tracks of rev@summit.test' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Changed the institution and tracks of rev@summit.test.');
    // A track the call no longer has stays unless unticked: only the call's are offered.
    expect(fake.commits[0]).toEqual([
      { update: 'staff/rev@summit.test', data: { institution: 'Aga Khan University', tracks: ['gone', 'treatment'] } },
      { log: 'Changed the institution and tracks of rev@summit.test (2 tracks)' },
    ]);
    await user.selectOptions(within(rev).getByLabelText('Role of rev@summit.test'), 'editor');
    await user.click(within(rev).getByRole('button', { name: 'Change role of rev@summit.test' }));
    await waitFor(() =>
      expect(fake.commits[1]).toEqual([
        { update: 'staff/rev@summit.test', data: { role: 'editor' } },
        { log: 'Changed the role of rev@summit.test from reviewer to editor' },
      ]),
    );
  });
});
