// Staff onboarding with Firebase Auth's own flows, end to end: the Auth emulator issues the codes,
// the stack mails them to MailDev with the production action URL, and a real browser follows them.
import { expect, test, type Page } from './test.ts';
import { ownerHeaders, writeDocuments } from '../emulator/seed/rest.ts';
import { emailsTo, emailTo, linkIn } from './inbox.ts';
import { stack } from './records.ts';
import { admin, signIn } from './support.ts';

const ACTION = 'http://localhost:4173/admin-login/action?';
const identity = `http://${stack.auth}/identitytoolkit.googleapis.com/v1/projects/${stack.projectId}`;

/** The Auth emulator's account for an address (owner access, as the Admin SDK would). */
async function account(email: string): Promise<{ localId: string; emailVerified?: boolean; disabled?: boolean } | undefined> {
  const res = await fetch(`${identity}/accounts:lookup`, { method: 'POST', headers: ownerHeaders, body: JSON.stringify({ email: [email] }) });
  return ((await res.json()) as { users?: Array<{ localId: string; emailVerified?: boolean }> }).users?.[0];
}

async function inviteAs(page: Page, email: string, role: string) {
  await signIn(page, admin);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption(role);
  await page.getByRole('button', { name: 'Add and invite' }).click();
  await expect(page.getByRole('status')).toContainText(`Added ${email} as ${role}. We emailed ${email} a link to choose a password`);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function choosePassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeFocused();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('The same password again').fill(password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
}

test('an invited staff member chooses a password from the emailed link and is in, verified, with their role', async ({ page }) => {
  const email = `invited.${Date.now()}@example.org`;
  await inviteAs(page, email, 'finance');
  expect(await account(email)).toMatchObject({ emailVerified: false });

  const invitation = await emailTo(email, /^Choose your password for the National Cancer Summit back office$/);
  const link = linkIn(invitation, ACTION);
  await page.goto(link);
  await expect(page.getByText(`For the summit back office account ${email}.`)).toBeVisible();
  // A mistyped repeat is caught before the link is spent.
  await page.getByLabel('New password').fill('a long phrase for the desk');
  await page.getByLabel('The same password again').fill('a long phrase for the desk!');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await page.getByLabel('The same password again').fill('a long phrase for the desk');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();

  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByText(`${email} · finance`)).toBeVisible();
  expect(await account(email)).toMatchObject({ emailVerified: true });

  // The link worked once.
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('already been used');
  await page.getByRole('link', { name: 'staff sign-in page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
});

test('“forgot password” on the sign-in page emails a link that sets a new password', async ({ page }) => {
  const email = `forgetful.${Date.now()}@example.org`;
  await inviteAs(page, email, 'editor');
  await choosePassword(page, linkIn(await emailTo(email, /^Choose your password/), ACTION), 'first password of mine');
  await expect(page).toHaveURL(/\/admin\/?$/);
  await page.getByRole('button', { name: 'Log out' }).click();

  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot your password? Set a new one' }).click();
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${email} has a staff account, a link to set a new password is on its way.`);

  // The second email to this address (the first was the invitation) holds the new link.
  await expect.poll(async () => (await emailsTo(email)).length).toBe(2);
  await choosePassword(page, linkIn((await emailsTo(email)).at(-1)!, ACTION), 'second password of mine');
  await expect(page).toHaveURL(/\/admin\/?$/);
  await page.getByRole('button', { name: 'Log out' }).click();
  await signIn(page, { email, password: 'second password of mine' });
  await expect(page.getByText(`${email} · editor`)).toBeVisible();
});

test('a session Firebase has ended (account disabled) leaves the back office as soon as the desk is used again', async ({ page }) => {
  const email = `leaver.${Date.now()}@example.org`;
  await inviteAs(page, email, 'editor');
  await page.clock.install();
  await choosePassword(page, linkIn(await emailTo(email, /^Choose your password/), ACTION), 'password of a leaver');
  await expect(page.getByText(`${email} · editor`)).toBeVisible();

  const { localId } = (await account(email))!;
  const disabled = await fetch(`${identity}/accounts:update`, { method: 'POST', headers: ownerHeaders, body: JSON.stringify({ localId, disableUser: true }) });
  expect(disabled.ok).toBe(true);
  // Their ID token is still unexpired; coming back to the tab after a while asks Firebase afresh.
  await page.clock.fastForward('01:05');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText('Your session has ended');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});

test('a password account whose address is unconfirmed is sent a confirmation link at sign-in, and is in once it is followed', async ({ page }) => {
  const email = `unconfirmed.${Date.now()}@example.org`;
  const password = 'made elsewhere, never confirmed';
  // An account made outside the invitation (e.g. straight through the Auth API), put on the staff list.
  const signUp = await fetch(`http://${stack.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  expect(signUp.ok).toBe(true);
  await writeDocuments(stack, [[`staff/${email}`, { id: email, email, role: 'editor', timestamp: new Date() }]]);

  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Your email address is not confirmed yet. We have just emailed you a link: open it, then sign in here again.',
  );
  await expect(page).toHaveURL(/\/admin-login$/);

  await page.goto(linkIn(await emailTo(email, /^Confirm your email for the National Cancer Summit back office$/), ACTION));
  await expect(page.getByRole('heading', { level: 1, name: 'Your email address is confirmed' })).toBeFocused();
  expect(await account(email)).toMatchObject({ emailVerified: true });
  await signIn(page, { email, password });
  await expect(page.getByText(`${email} · editor`)).toBeVisible();
});
