// An attendee's own registration, in a real browser: registering proves the address (the emailed
// sign-in link, opened on this device or another), one registration per address, and "my
// registration" brings back a lost reference, the ticket, and a way to give the seat back.
import { expect, test } from './test.ts';
import { docsRoot, findDocuments } from '../emulator/seed/rest.ts';
import { emailTo, signInLinkFor } from './inbox.ts';
import { makeRegistration, readDocument, removeRegistration, stack } from './records.ts';
import { expectAccessible, fillRegistration, reference, registerVerified, signInToMyRegistration, startApp } from './support.ts';

test('register → emailed link → confirmed, under the proven address, holding a seat', async ({ page }) => {
  // Typed in mixed case: the address is stored as the sign-in token carries it, in lower case.
  const typed = `Amani.Link.${Date.now()}@Example.org`;
  const email = typed.toLowerCase();
  await page.goto('/register');
  await startApp(page);
  await fillRegistration(page, { name: 'Amani Link', email: typed });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`We sent a sign-in link to ${email}`)).toBeVisible();
  await expectAccessible(page);
  // Nothing is registered before the address is proven.
  expect(await findDocuments(stack, 'registrations', 'email', email)).toHaveLength(0);
  // A reload keeps the visitor's place: the link sent, with "send it again".
  await page.reload();
  await startApp(page);
  await expect(page.getByText(`We sent a sign-in link to ${email}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the link again' })).toBeVisible();

  await page.goto(await signInLinkFor(email));
  await expect(page.getByRole('heading', { name: 'Registration received' })).toBeVisible();
  // The link works once: it leaves the address bar, so a reload does not try it again.
  await expect(page).toHaveURL(/\/register$/);
  const ref = await reference(page);
  const stored = (await readDocument(`registrations/${ref}`))!;
  expect(stored).toMatchObject({ email, fullName: 'Amani Link', status: 'pending', paymentStatus: 'unpaid' });
  // One code to keep, the payment code, and what it is for; the reference stays inside the link.
  const notice = page.getByRole('region', { name: 'Registration received' });
  await expect(notice).toContainText(`Your payment code is ${String(stored.paymentCode)}. Quote it as the account number when you pay`);
  await expect(notice).not.toContainText(ref);
  // A reload shows it again.
  await page.reload();
  await startApp(page);
  await expect(page.getByRole('region', { name: 'Registration received' })).toContainText(String(stored.paymentCode));
  expect(await readDocument(`seats/${String(stored.seat)}`)).toMatchObject({ state: 'held', claim: stored.seatClaim });
  expect(await readDocument(`attendees/${email}`)).toEqual({ registrationId: ref, heldSince: stored.heldSince });
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await expect(page.getByText('Awaiting payment').first()).toBeVisible();
});

test('an attendee signed in on this browser who opens /register again is told at once, with the code and a link', async ({ page }) => {
  const first = await registerVerified(page, { category: 'survivor' });
  try {
    const stored = (await readDocument(`registrations/${first.reference}`))!;
    // Free: told its code and that nothing is due, never to pay.
    const received = page.getByRole('region', { name: 'Registration received' });
    await expect(received).toContainText(`Your code is ${String(stored.paymentCode)}. Nothing is due`);
    await expect(received.getByRole('link', { name: 'Open your e-ticket' })).toBeVisible();
    // Another tab (no place kept in it), the same browser's session.
    const other = await page.context().newPage();
    await other.goto('/register');
    await startApp(other);
    const notice = other.getByRole('region', { name: 'You are already registered' });
    await expect(notice).toContainText(String(stored.paymentCode));
    await expect(notice.getByRole('link', { name: 'My registration' })).toHaveAttribute('href', '/my-registration');
    await expectAccessible(other);
    await notice.getByRole('button', { name: 'Register someone else' }).click();
    await expect(other.getByLabel('Full name')).toHaveValue('');
  } finally {
    await removeRegistration(first.reference);
  }
});

test('Back then Forward on "Check your email" comes back to it', async ({ page }) => {
  await page.goto('/about');
  await page.goto('/register');
  await startApp(page);
  const typed = await fillRegistration(page);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
  await page.goForward();
  await startApp(page);
  await expect(page.getByText(`We sent a sign-in link to ${typed.email.toLowerCase()}`)).toBeVisible();
  // "Change address" brings back the form as typed.
  await page.getByRole('button', { name: 'Change address' }).click();
  await expect(page.getByLabel('Organisation')).toHaveValue(typed.organisation);
});

test('the link opened on another device asks for the address, then registers what was typed on the first', async ({ page, browser }) => {
  await page.goto('/register');
  await startApp(page);
  const typed = await fillRegistration(page, {
    name: 'Otieno Two Devices',
    email: `otieno.devices.${Date.now()}@example.org`,
    organisation: 'Aga Khan University Hospital',
    role: 'Radiographer',
  });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // Another device: a browser that has never seen this visitor.
  const phone = await browser.newContext();
  try {
    const other = await phone.newPage();
    await other.goto(await signInLinkFor(typed.email));
    await expect(other.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
    await expectAccessible(other);
    // Firebase signs in only the address the link was sent to.
    await other.getByLabel('Email address', { exact: true }).fill(`someone.else.${Date.now()}@example.org`);
    await other.getByRole('button', { name: 'Continue' }).click();
    await expect(other.getByRole('alert')).toContainText('That is not the address the link was sent to.');
    await other.getByLabel('Email address', { exact: true }).fill(typed.email);
    await other.getByRole('button', { name: 'Continue' }).click();
    await expect(other.getByRole('heading', { name: 'Registration received' })).toBeVisible();
    const ref = await reference(other);
    // The answers typed on the first device, kept in the draft the link named.
    expect(await readDocument(`registrations/${ref}`)).toMatchObject({
      fullName: typed.name,
      email: typed.email,
      organisation: typed.organisation,
      jobTitle: typed.role,
      country: typed.country,
      category: typed.category,
    });
    // The draft went with the registration's commit.
    expect(await readDocument(`registrationDrafts/${ref}`)).toBeNull();
  } finally {
    await phone.close();
  }
});

test('a second registration with the same address is refused with a clear message', async ({ page }) => {
  const first = await makeRegistration({ status: 'pending', paymentStatus: 'unpaid' });
  try {
    await page.goto('/register');
    await startApp(page);
    // The same address, typed otherwise.
    await fillRegistration(page, { name: 'Second Try', email: first.email.toUpperCase() });
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.goto(await signInLinkFor(first.email));
    await expect(page.getByRole('alert')).toContainText('This address already has a registration.');
    await expect(page.getByRole('alert').getByRole('link', { name: 'My registration' })).toHaveAttribute('href', '/my-registration');
    // What was typed is still there, and nothing was stored.
    await expect(page.getByLabel('Full name')).toHaveValue('Second Try');
    expect(await findDocuments(stack, 'registrations', 'email', first.email)).toHaveLength(1);
    expect(await readDocument(`attendees/${first.email}`)).toMatchObject({ registrationId: first.id });
  } finally {
    await removeRegistration(first.id);
  }
});

test('lost the reference: "my registration" signs in by email link and shows the registration and its ticket', async ({ page }) => {
  const paid = await makeRegistration({ fullName: `Njeri Lost Reference ${Date.now()}` });
  try {
    await signInToMyRegistration(page, paid.email);
    const card = page.getByRole('article', { name: `Registration ${paid.id}` });
    await expect(card.getByText(paid.fullName).first()).toBeVisible();
    await expect(card.getByText('Paid: your seat is confirmed')).toBeVisible();
    await expect(card.getByRole('img', { name: `QR code of reference ${paid.id}` })).toBeVisible();
    await expectAccessible(page);
    // A reload keeps the attendee signed in.
    await page.reload();
    await startApp(page);
    await expect(page.getByRole('article', { name: `Registration ${paid.id}` })).toBeVisible();
    await card.getByRole('link', { name: 'Open the checkout page' }).click();
    await expect(page).toHaveURL(`/checkout/${paid.id}`);
    await expect(page.getByRole('heading', { name: 'Your e-ticket' })).toBeVisible();
  } finally {
    await removeRegistration(paid.id);
  }
});

test('the reference alone opens what checkout shows, not the whole record', async ({ request }) => {
  const r = await makeRegistration({ status: 'pending', paymentStatus: 'unpaid', phone: '+254 700 999 888', dietaryNeeds: 'Halal' });
  try {
    const url = (path: string) => `http://${stack.firestore}/v1/${docsRoot(stack)}/${path}`;
    expect((await request.get(url(`registrations/${r.id}`))).status()).toBe(403);
    const checkout = await request.get(url(`checkouts/${r.id}`));
    expect(checkout.status()).toBe(200);
    const fields = Object.keys(((await checkout.json()) as { fields: Record<string, unknown> }).fields);
    expect(fields).toContain('fullName');
    expect(fields).not.toContain('phone');
    expect(fields).not.toContain('dietaryNeeds');
    expect(fields).not.toContain('organisation');
  } finally {
    await removeRegistration(r.id);
  }
});

test('an attendee cancels from "my registration", and the seat is free again at once', async ({ page }) => {
  const r = await makeRegistration({ status: 'pending', paymentStatus: 'unpaid' });
  try {
    expect(await readDocument(`seats/${r.seat}`)).toMatchObject({ state: 'held', claim: r.seatClaim });
    await signInToMyRegistration(page, r.email);
    const card = page.getByRole('article', { name: `Registration ${r.id}` });
    await expect(card.getByText('Awaiting payment')).toBeVisible();
    await expect(card.getByText(/Your seat is held until/)).toBeVisible();
    await card.getByRole('button', { name: 'Cancel registration' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Cancel registration ${r.id}?` });
    await confirm.getByRole('button', { name: 'Yes, cancel my registration' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is cancelled' })).toHaveText(`Registration ${r.id} is cancelled and its seat released.`);
    await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
    expect(await readDocument(`seats/${r.seat}`)).toMatchObject({ state: 'free', claim: '' });
    expect(await readDocument(`registrations/${r.id}`)).toMatchObject({ status: 'cancelled' });
    expect(await readDocument(`checkouts/${r.id}`)).toMatchObject({ status: 'cancelled' });
    // Told by email, with its code; and checkout asks for nothing more.
    const told = await emailTo(r.email, /is cancelled/);
    expect(told.text).toContain(`Your registration ${r.id} for the National Cancer Summit is cancelled`);
    await page.goto(`/checkout/${r.id}`);
    await expect(page.getByText('Nothing: it is cancelled')).toBeVisible();
  } finally {
    await removeRegistration(r.id);
  }
});
