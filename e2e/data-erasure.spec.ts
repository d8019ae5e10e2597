// Erasure from both sides (issue 38): the attendee asks on "my registration" and is emailed that it
// was received; an administrator approves it on Data requests and carries it out; the attendee is
// emailed that it is done, "my registration" finds nothing under their address any more, and the
// registration is kept for its seat and money with nothing that names them.
import { expect, test } from './test.ts';
import { emailTo } from './inbox.ts';
import { commitDocuments, makeRegistration, readDocument, removeRegistration } from './records.ts';
import { admin, expectAccessible, signIn, signInToMyRegistration } from './support.ts';
import { erasureRequestId } from '../src/data/data-requests.ts';

test('an attendee asks for erasure; an administrator approves and carries it out; both emails arrive and nothing names them', async ({ page, browser }) => {
  const r = await makeRegistration({ fullName: `Amani Erase ${Date.now()}`, phone: '+254 733 444 555', accessibilityNeeds: 'A ramp' });
  const requestId = await erasureRequestId(r.email);
  try {
    await signInToMyRegistration(page, r.email);
    const section = page.getByRole('region', { name: 'Erase my data' });
    await section.getByRole('button', { name: 'Ask for erasure…' }).click();
    await expect(section.locator('p', { hasText: 'This cannot be undone.' })).toBeFocused();
    await section.getByRole('checkbox', { name: /Keep my CPD certificate verifiable/ }).uncheck();
    await expectAccessible(page);
    await section.getByRole('button', { name: 'Ask for erasure', exact: true }).click();
    await expect(section.getByRole('status')).toContainText('We received your erasure request on');
    const received = await emailTo(r.email, /^We received your data erasure request$/);
    expect(received.text).toContain(requestId);

    const desk = await (await browser.newContext()).newPage();
    await signIn(desk, admin);
    await desk.goto('/admin/data-requests');
    const who = `the erasure request of ${r.email}`;
    await desk.getByRole('button', { name: `Approve ${who}` }).click();
    await desk.getByRole('alertdialog').getByRole('button', { name: 'Approve erasure' }).click();
    await expect(desk.getByRole('status').filter({ hasText: `Approved ${who}.` })).toBeVisible();
    await desk.getByRole('button', { name: `Erase now: ${who}` }).click();
    await desk.getByRole('alertdialog').getByRole('button', { name: 'Erase now' }).click();
    await expect(desk.getByRole('status').filter({ hasText: `for ${requestId}; the requester was emailed.` })).toBeVisible();
    await desk.context().close();

    const done = await emailTo(r.email, /^Your data erasure request is done$/);
    expect(done.text).toContain('this is the last email we send you');
    await page.reload();
    await expect(page.getByText(`No registration for ${r.email} yet.`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Erase my data' })).toContainText('was carried out');

    // Kept for the seat and the money, naming nobody.
    expect(await readDocument(`registrations/${r.id}`)).toMatchObject({ fullName: 'Erased', email: '', phone: '', accessibilityNeeds: '', fee: r.fee });
    expect(await readDocument(`checkouts/${r.id}`)).toMatchObject({ fullName: 'Erased', email: '' });
  } finally {
    await removeRegistration(r.id);
    await commitDocuments([{ delete: `dataRequests/${requestId}` }, { delete: `mail/${requestId}-1-done` }]);
  }
});
