// The back office's operations screens, as staff use them: Overview, Messages, View Logs, Manage
// Users, Settings and Archive. Other specs share this stack and change its data, so every test makes
// its own records (unique by Date.now()) and compares screens with what the database holds then.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from './test.ts';
import { DEMO_PROJECT_ID, DEMO_STAFF } from '../emulator/seed/demo-data.ts';
import { documentExists, findDocuments, patchDocument, writeDocuments } from '../emulator/seed/rest.ts';
import { encodeValue } from '../src/lib/firestore-rest.ts';
import { stack } from './records.ts';
import { admin, signIn } from './support.ts';

const editor = DEMO_STAFF.find((s) => s.role === 'editor')!;
const root = `projects/${DEMO_PROJECT_ID}/databases/(default)/documents`;

/** Count (and sum of `sumField`) of a collection's documents where field == value, with the owner bypass. */
async function ownerAggregate(collectionId: string, where?: [string, unknown], sumField?: string): Promise<{ count: number; sum: number }> {
  const structuredQuery = {
    from: [{ collectionId }],
    ...(where ? { where: { fieldFilter: { field: { fieldPath: where[0] }, op: 'EQUAL', value: encodeValue(where[1]) } } } : {}),
  };
  const aggregations = [{ alias: 'n', count: {} }, ...(sumField ? [{ alias: 's', sum: { field: { fieldPath: sumField } } }] : [])];
  const res = await fetch(`http://${stack.firestore}/v1/${root}:runAggregationQuery`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ structuredAggregationQuery: { structuredQuery, aggregations } }),
  });
  if (!res.ok) throw new Error(`Aggregation on ${collectionId} failed: ${res.status} ${await res.text()}`);
  const [{ result }] = (await res.json()) as Array<{ result: { aggregateFields: Record<string, { integerValue?: string; doubleValue?: number }> } }>;
  const num = (v?: { integerValue?: string; doubleValue?: number }) => Number(v?.integerValue ?? v?.doubleValue ?? 0);
  return { count: num(result.aggregateFields.n), sum: num(result.aggregateFields.s) };
}

/** The number shown for a figure: the <dd> beside the <dt> named `label` in the section named `section`. */
function figure(page: Page, section: string, label: string): Locator {
  const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return page
    .getByRole('region', { name: section, exact: true })
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: exact }) })
    .locator('dd');
}

/** A contact message as the public form leaves it, straight in the database. */
async function makeMessage(tag: string) {
  const id = `e2e-message-${tag}-${Date.now().toString(36)}`;
  const message = {
    id,
    timestamp: new Date(),
    name: 'Playwright Visitor',
    email: 'pw.visitor@example.org',
    subject: `Question ${id}`,
    message: 'Is the venue step-free?',
    status: 'unread',
  };
  await writeDocuments(stack, [[`messages/${id}`, message]]);
  return message;
}

/** Client-side navigation, as a link inside the app would do it: the query cache survives. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** admin-a11y checks every screen as it opens; these are the states behind a click (an open message, an archived item). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const logRows = (page: Page) => page.getByRole('table', { name: /Activity log/ }).locator('tbody tr');

test('an editor has no Manage Users menu item, is refused the screen, and sees no attendee or payment figures', async ({ page }) => {
  await signIn(page, editor);
  const menu = page.getByRole('navigation', { name: 'Admin' });
  await expect(menu.getByRole('link', { name: 'Messages' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Manage Users' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Messages', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Registrations', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Payments', exact: true })).toHaveCount(0);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
  await expect(page.getByText('Your role (editor) does not give access to this screen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add and invite' })).toHaveCount(0);
});

test('at a shared desk, the next person to sign in after a log out sees their own role and menu, never the previous one’s', async ({ page }) => {
  await signIn(page, admin);
  const menu = page.getByRole('navigation', { name: 'Admin' });
  await expect(menu.getByRole('link', { name: 'Manage Users' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // In the same tab, without reloading: the app (and its cache) carries on.
  await page.getByLabel('Email').fill(editor.email);
  await page.getByLabel('Password').fill(editor.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(menu.getByRole('link', { name: 'Messages' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Manage Users' })).toHaveCount(0);
  await expect(page.getByText(editor.email)).toBeVisible();
  await expect(page.getByText(admin.email)).toHaveCount(0);
});

test('the overview shows the counts the database holds', async ({ page }) => {
  await signIn(page, admin);
  const expected: Array<[string, string, Promise<{ count: number }>]> = [
    ['Registrations', 'All', ownerAggregate('registrations')],
    ...(['pending', 'confirmed', 'cancelled', 'checked-in'] as const).map((s): [string, string, Promise<{ count: number }>] => [
      'Registrations',
      s,
      ownerAggregate('registrations', ['status', s]),
    ]),
    ['Registrations', 'Delegate', ownerAggregate('registrations', ['category', 'delegate'])],
    ['Registrations', 'Survivor or caregiver', ownerAggregate('registrations', ['category', 'survivor'])],
    ['Partners and booths', 'Partner applications', ownerAggregate('partners', ['kind', 'partner'])],
    ['Partners and booths', 'Booth bookings', ownerAggregate('partners', ['kind', 'booth'])],
    ['Messages', 'Unread', ownerAggregate('messages', ['status', 'unread'])],
  ];
  for (const [section, label, answer] of expected) await expect(figure(page, section, label), `${section}: ${label}`).toHaveText(String((await answer).count));
  // The seed has registrations in every status, so none of these is a trivial zero.
  await expect(figure(page, 'Registrations', 'checked-in')).not.toHaveText('0');
  for (const [label, status] of [
    ['Received (verified)', 'verified'],
    ['Awaiting verification', 'submitted'],
  ]) {
    const { count, sum } = await ownerAggregate('payments', ['status', status], 'amount');
    await expect(figure(page, 'Payments', label)).toContainText(sum.toLocaleString('en-KE'));
    await expect(figure(page, 'Payments', label)).toContainText(`${count} payment`);
  }
  // The seeded summit is ahead: its attendees' data is kept 24 months after it ends, and the date is named.
  await expect(page.getByRole('region', { name: 'Personal data' })).toContainText(
    /is kept until \d{1,2} \w+ 20\d\d, \d\d:\d\d \(24 months after the summit ends\), then anonymised/,
  );
  await expect(page.getByRole('img', { name: /^Registrations per day, last 30 days: / })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Revenue by payment status: / })).toBeVisible();
  // The exact figures behind the picture, for anyone who cannot see it.
  const perDay = page.getByRole('figure', { name: 'Registrations per day, last 30 days' });
  await perDay.getByText('Show the figures as a table').click();
  await expect(perDay.getByRole('table', { name: 'Registrations per day, last 30 days' }).locator('tbody tr')).toHaveCount(30);
});

test('the admin adds a staff member by email with a role, changes the role and removes them; their own row has no controls', async ({ page }) => {
  const email = `new.member.${Date.now()}@example.org`;
  await signIn(page, admin);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Users' }).click();
  await expect(page.getByText(/Adding someone emails them an invitation/)).toBeVisible();

  const mine = page.getByRole('row').filter({ hasText: admin.email });
  await expect(mine).toContainText('This is you');
  await expect(mine.getByRole('button')).toHaveCount(0);
  await expect(mine.getByRole('combobox')).toHaveCount(0);

  await page.getByLabel('Email', { exact: true }).fill(email.replace('new.member', 'New.Member'));
  await page.getByLabel('Role', { exact: true }).selectOption('editor');
  await page.getByRole('button', { name: 'Add and invite' }).click();
  await expect(page.getByRole('status')).toContainText(`Added ${email} as editor. We emailed ${email} a link to choose a password`);
  expect((await findDocuments(stack, 'staff', 'email', email)).length).toBe(1);

  await page.getByLabel(`Role of ${email}`).selectOption('finance');
  await page.getByRole('button', { name: `Change role of ${email}` }).click();
  await expect(page.getByRole('status')).toHaveText(`${email} is now finance.`);
  await expect.poll(async () => JSON.stringify((await findDocuments(stack, 'staff', 'email', email))[0]?.fields)).toContain('finance');

  await page.getByRole('button', { name: `Remove ${email}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status')).toHaveText(`Removed ${email} from the staff.`);
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  expect(await documentExists(stack, `staff/${email}`)).toBe(false);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'View Logs' }).click();
  await expect(logRows(page).nth(0)).toContainText(`Removed ${email} (finance) from the staff`);
  await expect(logRows(page).nth(1)).toContainText(`Changed the role of ${email} from editor to finance`);
  await expect(logRows(page).nth(2)).toContainText(`Added ${email} to the staff as editor`);
});

test('the admin changes the venue in Settings and the home page shows it at once, to a visitor who has not tapped too', async ({ page }) => {
  const [site] = await findDocuments(stack, 'settings', 'summitName', 'National Cancer Summit 2027');
  const original = (site?.fields as Record<string, { stringValue?: string }> | undefined)?.venue?.stringValue ?? '';
  const venue = `Safari Park Hotel, Hall ${Date.now()}`;
  try {
    await signIn(page, admin);
    // The overview has read the settings: the home page would show this cached copy if saving did not refresh it.
    await expect(page.getByRole('region', { name: 'Registrations', exact: true })).toBeVisible();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.getByLabel('Venue', { exact: true }).fill(venue);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toContainText('Saved.');
    await navigateInApp(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(venue)).toBeVisible();
    // A visitor opening the prerendered home page, without a tap: the save moved the content
    // version, so the page starts the app, which reads the settings again.
    const visitor = await page.context().newPage();
    await visitor.goto('/');
    await expect(visitor.getByText(venue)).toBeVisible();
    await visitor.close();
    await page.goto('/admin/logs');
    await expect(logRows(page).first()).toContainText('Updated settings: venue');
  } finally {
    await patchDocument(stack, 'settings/site', { venue: original });
  }
});

test('the settings form refuses invalid input beside the field and keeps what was typed', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/admin/settings');
  await page.getByLabel('Summit name').fill('');
  await page.getByLabel('Currency').fill('shillings');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Enter the summit name.')).toBeVisible();
  await expect(page.getByText('Enter a three-letter currency code, like KES.')).toBeVisible();
  await expect(page.getByLabel('Summit name')).toBeFocused();
  await expect(page.getByLabel('Currency')).toHaveValue('shillings');
});

test('a message opened is marked read, can be marked unread, and the log shows both newest first; the log filters by user and date', async ({ page }) => {
  const message = await makeMessage('log');
  await signIn(page, admin);
  await page.goto('/admin/messages');
  await page.getByLabel('Show unread messages only').check();
  await page.getByRole('button', { name: message.subject }).click();
  const view = page.getByRole('article', { name: message.subject });
  await expect(view.getByText('Is the venue step-free?')).toBeVisible();
  await expect(view.getByRole('link', { name: 'Reply' })).toHaveAttribute(
    'href',
    `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`,
  );
  await expect(view.getByText('read', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await view.getByRole('button', { name: 'Mark unread' }).click();
  await expect(page.getByRole('status')).toContainText(`Marked “${message.subject}” unread.`);

  await page.goto('/admin/logs');
  await expect(logRows(page).nth(0)).toContainText(`Marked message '${message.subject}' from ${message.email} unread`);
  await expect(logRows(page).nth(1)).toContainText(`Read message '${message.subject}' from ${message.email}`);
  await expect(logRows(page).nth(0)).toContainText(admin.email);

  await page.getByLabel('User email').fill(editor.email);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(logRows(page).filter({ hasText: "Published 'Know the warning signs'" })).toHaveCount(1);
  const who = await logRows(page).locator('td:nth-child(2)').allTextContents();
  expect(who.length).toBeGreaterThan(0);
  expect(new Set(who)).toEqual(new Set([editor.email]));

  // Today only (Nairobi): the seeded entries are days old; the admin's two are from just now.
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  await page.getByLabel('User email').fill(admin.email);
  await page.getByLabel('From').fill(today);
  await page.getByLabel('To').fill(today);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(logRows(page).filter({ hasText: message.subject })).toHaveCount(2);
  await expect(logRows(page).filter({ hasText: 'Updated settings: capacity, venue' })).toHaveCount(0);
});

test('an archived message can be restored from the Archive screen', async ({ page }) => {
  const message = await makeMessage('archive');
  await signIn(page, admin);
  await page.goto('/admin/messages');
  await page.getByRole('button', { name: message.subject }).click();
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Archive message' }).click();
  await expect(page.getByRole('status')).toContainText(`Archived “${message.subject}”`);
  expect(await documentExists(stack, `messages/${message.id}`)).toBe(false);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Archive' }).click();
  await page.getByLabel('Collection').selectOption('messages');
  await page.getByRole('button', { name: `${message.subject} · ${message.name}` }).click();
  await expect(page.getByRole('article').getByText('Is the venue step-free?')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('status')).toContainText(`Restored “${message.subject} · ${message.name}” to messages.`);
  expect(await documentExists(stack, `messages/${message.id}`)).toBe(true);
  expect(await documentExists(stack, `archive/messages/items/${message.id}`)).toBe(false);

  await page.goto('/admin/logs');
  await expect(logRows(page).first()).toContainText(`Restored message ${message.id}`);
  await expect(logRows(page).nth(1)).toContainText(`Archived message '${message.subject}'`);
});
