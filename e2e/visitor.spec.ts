// A visitor's whole jobs in a real browser: register (proving the address by the emailed sign-in
// link), get a reference, check out, submit a payment reference, get a ticket; and what goes wrong:
// closed registration, hostile input, a dropped network.
import { expect, expectConsoleError, test, type Page } from './test.ts';
import { findDocuments, patchDocument } from '../emulator/seed/rest.ts';
import { decodeFields } from '../src/lib/firestore-rest.ts';
import { readDocument, stack } from './records.ts';
import { emailTo } from './inbox.ts';
import { admin, fillRegistration, followEmailedLink, reference, registerVerified, signIn, startApp } from './support.ts';

test('register, get a reference and a payment code, check out and submit a payment reference', async ({ page }) => {
  const { reference: ref, email } = await registerVerified(page);
  await expect(page.getByRole('heading', { name: 'Registration received' })).toBeFocused();
  const code = String((await readDocument(`registrations/${ref}`))!.paymentCode);
  expect(code).toMatch(/^NCS-[2-9A-HJ-NP-Z]{5}$/);
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(`/checkout/${ref}`);
  await expect(page.getByText('Awaiting payment')).toBeVisible();
  await expect(page.getByText('Ksh 15,000').first()).toBeVisible();
  await expect(page.getByText('Paybill: 000000')).toBeVisible();
  // The code, prominently, and as what to enter in M-Pesa's account-number field.
  await expect(page.getByText('Your payment code').locator('..')).toContainText(code);
  await expect(page.getByText(`Account number: ${code}`)).toBeVisible();
  // The email says the same.
  const mail = await emailTo(email, /payment due$/);
  expect(mail.subject).toBe(`Your summit registration ${code}: payment due`);
  expect(mail.text).toContain(`entering ${code} as the Paybill account number`);
  // The checkout is found by the code as someone types it from a receipt: lower case, no dash.
  await page.goto('/checkout');
  await page.getByLabel('Payment code or reference').fill(code.toLowerCase().replace('-', ''));
  await page.getByRole('button', { name: 'Find my registration' }).click();
  await expect(page).toHaveURL(`/checkout/${code}`);
  await expect(page.getByText('Your payment code').locator('..')).toContainText(code);
  // An M-Pesa code of this run's own (a code pays once, and the stack outlives a repeated test).
  const receipt = `QWE${String(Date.now()).slice(-5)}RT`;
  await page.getByLabel('Transaction reference').fill(receipt);
  await page.getByRole('button', { name: 'Submit payment reference' }).click();
  await expect(page.getByText('Payment reference received: awaiting verification')).toBeVisible();
  // One payment, as the form sent it (the payer and the amount due filled in), awaiting verification,
  // named by the registration, its transaction code claimed for it.
  const payments = await findDocuments(stack, 'payments', 'targetId', ref);
  expect(payments).toHaveLength(1);
  const paymentId = String(payments[0].name).split('/').at(-1)!;
  expect(decodeFields(payments[0].fields as Parameters<typeof decodeFields>[0])).toMatchObject({
    id: paymentId,
    targetCollection: 'registrations',
    targetId: ref,
    payerName: 'Wanjiru Kamau',
    method: 'mobile-money',
    reference: receipt,
    amount: 15_000,
    currency: 'KES',
    status: 'submitted',
  });
  expect(await readDocument(`registrations/${ref}`)).toMatchObject({ paymentStatus: 'submitted', lastPaymentId: paymentId });
  expect(await readDocument(`paymentReferences/${receipt}`)).toMatchObject({ paymentId });
});

test('a free category is confirmed at once and shows a printable e-ticket with a QR code', async ({ page }) => {
  const { reference: ref } = await registerVerified(page, { category: 'survivor' });
  await page.goto(`/checkout/${ref}`);
  await expect(page.getByRole('heading', { name: 'Your e-ticket' })).toBeVisible();
  await expect(page.getByRole('img', { name: `QR code of reference ${ref}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print ticket' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', /^data:text\/calendar/);
});

test('/checkout finds a registration by its pasted reference, and says when it does not exist', async ({ page }) => {
  await page.goto('/checkout');
  await page.getByLabel('Reference').fill('demo-registration-1');
  await page.getByRole('button', { name: 'Find my registration' }).click();
  await expect(page.getByText('Wanjiru Kamau').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your e-ticket' })).toBeVisible();
  await page.goto('/checkout/no-such-reference');
  await expect(page.getByRole('heading', { name: 'Reference not found' })).toBeVisible();
});

test('errors are named by field and focus moves to the first; oversized input is refused clearly', async ({ page }) => {
  await page.goto('/register');
  await startApp(page);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Enter your full name.')).toBeVisible();
  await expect(page.getByLabel('Full name')).toBeFocused();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await fillRegistration(page, { name: 'x'.repeat(121) });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Full name must be at most 120 characters.')).toBeVisible();
  await expect(page.getByLabel('Full name')).toBeFocused();
});

test('script typed into a field is stored and shown as text', async ({ page }) => {
  const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
  const { reference: ref } = await registerVerified(page, { name: hostile, organisation: hostile });
  await page.goto(`/checkout/${ref}`);
  await expect(page.getByText(hostile).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('a network failure during submit loses nothing, and retrying registers exactly once', async ({ page }) => {
  // The SDK logs each failed attempt while the connection is down.
  expectConsoleError(/RPC_ERROR/);
  await page.goto('/register');
  await startApp(page);
  const v = await fillRegistration(page);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  // The connection drops as the link comes back: the address is proven, the registration fails.
  await page.route('**/*:commit*', (route) => route.abort('internetdisconnected'));
  await followEmailedLink(page, v.email);
  // A visitor submission is a transaction (it reads the visitor's throttle): the SDK retries a
  // failed commit with backoff (about ten seconds in all) before it reports the failure.
  await expect(page.getByRole('alert')).toContainText('Your answers are still here', { timeout: 30_000 });
  await expect(page.getByLabel('Email')).toHaveValue(v.email);
  await expect(page.getByLabel('Organisation')).toHaveValue(v.organisation);
  await page.unroute('**/*:commit*');
  // Still signed in with that address: Register now registers at once, with no second link.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Registration received' })).toBeVisible();
  expect(await findDocuments(stack, 'registrations', 'email', v.email)).toHaveLength(1);
});

test('registration works by keyboard alone', async ({ page }) => {
  await page.goto('/register');
  await startApp(page);
  // The form is in the page at once, and enabled when the app (started by the form) has hydrated.
  await expect(page.getByLabel('Full name')).toBeEnabled();
  await page.getByLabel('Full name').focus();
  const email = `keyboard.${Date.now()}@example.org`;
  for (const text of ['Keyboard User', email, '+254 700 111 222', 'Moi University', 'Researcher', 'Kenya']) {
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('ArrowDown'); // Category: the first option after "Choose…"
  await page.keyboard.press('Tab'); // Attendance keeps "In person"
  await page.keyboard.press('Tab'); // Accessibility needs
  await page.keyboard.press('Tab'); // Dietary needs
  await page.keyboard.press('Tab'); // Consent
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab'); // the terms, under the consent box
  await page.keyboard.press('Tab'); // the privacy policy
  await page.keyboard.press('Tab'); // Register
  await page.keyboard.press('Enter');
  await followEmailedLink(page, email);
  await expect(page.getByRole('heading', { name: 'Registration received' })).toBeVisible();
  expect(await findDocuments(stack, 'registrations', 'email', email)).toHaveLength(1);
});

// (A full summit offers the waiting list instead: waiting-list.spec.ts.)
test('registration closed in Settings shows registration closed, with no form', async ({ page }) => {
  await patchDocument(stack, 'settings/site', { registrationOpen: false });
  try {
    await page.goto('/register');
    await startApp(page);
    await expect(page.getByRole('heading', { name: 'Registration closed' })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveCount(0);
  } finally {
    await patchDocument(stack, 'settings/site', { registrationOpen: true });
  }
});

async function fillContact(scope: ReturnType<Page['locator']>, organisation: string) {
  await scope.getByLabel('Organisation').fill(organisation);
  await scope.getByLabel('Contact person').fill('Juma Ali');
  await scope.getByLabel('Email').fill('juma@example.org');
  await scope.getByLabel('Phone').fill('+254 711 000 111');
}

test('apply as a partner, with tiers and benefits shown', async ({ page }) => {
  await page.goto('/partnerships');
  await startApp(page);
  await expect(page.getByRole('heading', { name: 'Gold' })).toBeVisible();
  await expect(page.getByText('Keynote slot')).toBeVisible();
  const form = page.locator('section', { has: page.getByRole('heading', { name: 'Apply to partner' }) });
  const organisation = `Health Foundation ${Date.now()}`;
  await fillContact(form, organisation);
  await form.getByLabel('Partnership tier').selectOption('gold');
  await form.getByRole('button', { name: 'Apply to partner' }).click();
  await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
  await expect(page.getByText(/Nothing is due before then/)).toBeVisible();
  // No way to pay before anyone has read the application.
  await expect(page.getByRole('link', { name: 'Continue to checkout' })).toHaveCount(0);
  const ref = await reference(page);
  const [stored] = await findDocuments(stack, 'partners', 'organisation', organisation);
  expect(stored).toBeTruthy();
  // Its payment code is the one code shown (the reference is not one to keep), and claimed for it.
  const code = String((await readDocument(`partners/${ref}`))!.paymentCode);
  expect(code).toMatch(/^NCS-[2-9A-HJ-NP-Z]{5}$/);
  await expect(page.getByText(`Your payment code is ${code}.`)).toBeVisible();
  await expect(page.getByText(ref)).toHaveCount(0);
  expect(await readDocument(`paymentCodes/${code}`)).toEqual({ collection: 'partners', recordId: ref });
  // The code alone opens nothing of the application (it is guessable): how to pay with it, and the reference for more.
  await page.goto(`/checkout/${code}`);
  await expect(page.getByRole('heading', { name: 'Paying with this code' })).toBeVisible();
  await expect(page.getByText(organisation)).toHaveCount(0);
  await expect(page.getByText(ref)).toHaveCount(0);
  await page.getByLabel('Reference', { exact: true }).fill(ref);
  await page.getByRole('button', { name: 'Open my checkout' }).click();
  await expect(page).toHaveURL(`/checkout/${ref}`);
  await expect(page.getByText(organisation)).toBeVisible();

  await page.goto(`/checkout/${ref}`);
  // Named as settings label the tier, not by its key (gold).
  await expect(page.getByText('Partnership · Gold', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Awaiting review' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to pay' })).toHaveCount(0);
  await expect(page.getByLabel('Transaction reference')).toHaveCount(0);

  // Staff approve it: payment opens.
  await signIn(page, admin);
  await page.goto(`/admin/registrations/partners/${ref}`);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved/ })).toHaveText('Saved: now confirmed.');
  await page.goto(`/checkout/${ref}`);
  await expect(page.getByRole('heading', { name: 'How to pay' })).toBeVisible();
  await expect(page.getByLabel('Transaction reference')).toBeVisible();
  // And the organisation is among the partners, without anyone typing it in again.
  await page.goto('/about');
  await expect(page.locator('#partners').getByText(organisation)).toBeVisible();
});

test('book a booth from /partnerships#register', async ({ page }) => {
  await page.goto('/partnerships#register');
  const form = page.locator('#register');
  await expect(form).toBeInViewport();
  const organisation = `Screening Trust ${Date.now()}`;
  await fillContact(form, organisation);
  await form.getByLabel('Booth type').selectOption('premium');
  await form.getByLabel('Staff at the booth').fill('4');
  await form.getByLabel(/Requirements/).fill('Power and two tables');
  await form.getByRole('button', { name: 'Book a booth' }).click();
  await expect(page.getByRole('heading', { name: 'Booth booking received' })).toBeVisible();
  const [stored] = await findDocuments(stack, 'partners', 'organisation', organisation);
  expect(stored).toBeTruthy();
});

test('send a contact message from /contact-us', async ({ page }) => {
  await page.goto('/contact-us');
  await startApp(page);
  const subject = `Abstract deadline ${Date.now()}`;
  await page.getByLabel('Your name').fill('Amina');
  await page.getByLabel('Email').fill('amina@example.org');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('When is the deadline for abstracts?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  expect(await findDocuments(stack, 'messages', 'subject', subject)).toHaveLength(1);
});

test('a bot that fills the hidden field is thanked and nothing is stored', async ({ page }) => {
  await page.goto('/contact');
  await startApp(page);
  const subject = `Bot ${Date.now()}`;
  await page.getByLabel('Your name').fill('Bot');
  await page.getByLabel('Email').fill('bot@example.org');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('Cheap pills');
  await page.locator('input[name="faxNumber"]').fill('123', { force: true });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  expect(await findDocuments(stack, 'messages', 'subject', subject)).toHaveLength(0);
});

test('read an article from the list by its slug', async ({ page }) => {
  await page.goto('/blogs');
  await page.getByRole('link', { name: 'Why early detection saves lives' }).click();
  await expect(page).toHaveURL('/blogs/why-early-detection-saves-lives');
  await expect(page.getByRole('heading', { level: 1, name: 'Why early detection saves lives' })).toBeVisible();
  await expect(page.getByText('the teams behind this work will present in detail')).toBeVisible();
  await page.goto('/blogs/no-such-article');
  await expect(page.getByRole('heading', { name: 'Article not found' })).toBeVisible();
});

test('research and awareness list only their own articles', async ({ page }) => {
  await page.goto('/research');
  await expect(page.getByRole('link', { name: 'Cancer incidence in the national registry' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Know the warning signs' })).toHaveCount(0);
  await page.goto('/awareness');
  await expect(page.getByRole('link', { name: 'Know the warning signs' })).toBeVisible();
});

test('the programme groups sessions by day, filters by day and track, and offers calendar files', async ({ page }) => {
  await page.goto('/program');
  await expect(page.getByRole('heading', { level: 2, name: /^Day 1/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Opening plenary: the state of cancer care' })).toBeVisible();
  // The filters wait for the app, which the visitor's first tap or key press starts.
  await startApp(page);
  await page.getByLabel('Day', { exact: true }).selectOption('2');
  await expect(page).toHaveURL(/day=2/);
  await expect(page.getByRole('heading', { level: 2, name: /^Day 1/ })).toHaveCount(0);
  await page.getByLabel('Track', { exact: true }).selectOption('Policy');
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Financing cancer care under UHC']);
  await expect(page.getByRole('link', { name: 'Add the whole programme to my calendar' })).toHaveAttribute('href', /BEGIN%3AVCALENDAR/);
});

test('about shows the speakers and the partners by tier; home previews them', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'Dr. Amina Otieno' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Platinum partners' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Global Oncology Alliance' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByText(/\d+ days to go\./)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest articles' })).toBeVisible();
  await expect(page.getByText('Global Oncology Alliance')).toBeVisible();
});

test('careers lead to the job, tenders are split into open and closed, events and resources are listed', async ({ page }) => {
  await page.goto('/careers');
  await page.getByRole('link', { name: 'Summit volunteer coordinator' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Summit volunteer coordinator' })).toBeVisible();
  await expect(page.getByText('careers@summit.example.org')).toBeVisible();
  await page.goto('/tenders');
  const open = page.locator('section', { has: page.getByRole('heading', { name: 'Open tenders' }) });
  const closed = page.locator('section', { has: page.getByRole('heading', { name: 'Closed tenders' }) });
  await expect(open.getByText('Audio-visual services for the summit')).toBeVisible();
  // (Other specs may add open tenders with a document of the same name.)
  await expect(
    open
      .getByRole('link', { name: 'Tender document (PDF)' })
      .and(page.locator('[href*="content%2Ftenders%2Faudio-visual-services%2F"][href$=".pdf?alt=media"]')),
  ).toBeVisible();
  await expect(closed.getByText('Supply of conference bags')).toBeVisible();
  await page.goto('/events');
  await expect(page.getByRole('heading', { name: /Pre-summit webinar/ })).toBeVisible();
  await page.goto('/resources');
  await expect(page.getByRole('link', { name: 'National Cancer Control Strategy' })).toBeVisible();
});

test('pledge a donation', async ({ page }) => {
  await page.goto('/donate');
  await startApp(page);
  const email = `donor.${Date.now()}@example.org`;
  await page.getByLabel('Your name').fill('Peter Mwangi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/Amount/).fill('2500');
  await page.getByRole('button', { name: 'Pledge my gift' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your pledge' })).toBeVisible();
  const pledges = await findDocuments(stack, 'donations', 'email', email);
  expect(pledges).toHaveLength(1);
  expect(decodeFields(pledges[0].fields as Parameters<typeof decodeFields>[0])).toMatchObject({
    name: 'Peter Mwangi',
    email,
    amount: 2500,
    currency: 'KES',
    message: '',
    anonymous: false,
    status: 'pledged',
  });
});

test('FAQ answers open on demand; sitemap and robots are served', async ({ page, request }) => {
  await page.goto('/faq');
  await page.getByText('Is there a free category?').click();
  await expect(page.getByText('survivors and caregivers attend free')).toBeVisible();
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain('/register</loc>');
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /admin');
});

test('partner application and booth booking work by keyboard alone', async ({ page }) => {
  await page.goto('/partnerships');
  await startApp(page);
  const typeAndTab = async (values: string[]) => {
    for (const v of values) {
      await page.keyboard.type(v);
      await page.keyboard.press('Tab');
    }
  };
  const stamp = Date.now();
  const organisation = page.locator('section', { has: page.getByRole('heading', { name: 'Apply to partner' }) }).getByLabel('Organisation');
  // The form is in the prerendered HTML but disabled (out of the tab order) until the page hydrates.
  await expect(organisation).toBeEnabled();
  await organisation.focus();
  // The KRA PIN (optional) comes after the phone: left empty here.
  await typeAndTab([`Keyboard Partner ${stamp}`, 'Juma Ali', 'juma@example.org', '+254 711 000 111', '', 'https://example.org']);
  await page.keyboard.press('ArrowDown'); // tier: the first one
  await page.keyboard.press('Tab'); // message
  await page.keyboard.press('Tab'); // the terms
  await page.keyboard.press('Tab'); // the privacy policy
  await page.keyboard.press('Tab'); // submit
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();

  await page.locator('#register').getByLabel('Organisation').focus();
  // The KRA PIN as people type it: stored normalised.
  await typeAndTab([`Keyboard Booth ${stamp}`, 'Juma Ali', 'juma@example.org', '+254 711 000 111', 'p051 234 567x']);
  await page.keyboard.press('ArrowDown'); // booth type: the first one
  await page.keyboard.press('Tab'); // staff count keeps 2
  await page.keyboard.press('Tab'); // requirements
  await page.keyboard.press('Tab'); // the terms
  await page.keyboard.press('Tab'); // the privacy policy
  await page.keyboard.press('Tab'); // submit
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Booth booking received' })).toBeVisible();
  const booths = await findDocuments(stack, 'partners', 'organisation', `Keyboard Booth ${stamp}`);
  expect(booths).toHaveLength(1);
  expect((booths[0].fields as Record<string, unknown>).kraPin).toEqual({ stringValue: 'P051234567X' });
});

test('a stored location pre-fills the country without blocking the form', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('location', JSON.stringify({ latitude: 0.3476, longitude: 32.5825, country: 'Uganda' })));
  await page.goto('/register');
  await startApp(page);
  await expect(page.getByLabel('Country')).toHaveValue('Uganda');
  await page.getByLabel('Country').fill('Kenya');
  await expect(page.getByLabel('Country')).toHaveValue('Kenya');
});
