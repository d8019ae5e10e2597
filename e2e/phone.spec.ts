// On a phone: what a visitor did is in view and focused when the page changes under them, and the
// ways back (checkout, terms, privacy) are where they look.
import { devices, expect, test } from './test.ts';
import { registrationAwaitingPayment } from './records.ts';
import { freshTransactionCode, registerVerified, signInToMyRegistration } from './support.ts';

test.use({ viewport: devices['Pixel 7'].viewport, hasTouch: true, isMobile: true });

test('after sending a payment reference, the confirmation is on screen and focused, not a footer away', async ({ page }) => {
  const { id, email } = await registrationAwaitingPayment('unpaid');
  // Only its registrant sends a registration's payment reference, signed in with its address.
  await signInToMyRegistration(page, email);
  await page.goto(`/checkout/${id}`);
  await page.getByLabel('Transaction reference').fill(freshTransactionCode('PH'));
  const send = page.getByRole('button', { name: 'Submit payment reference' });
  await send.scrollIntoViewIfNeeded();
  await send.click();
  const received = page.getByRole('heading', { name: 'Payment reference received' });
  await expect(received).toBeFocused();
  await expect(received).toBeInViewport();
  // A later visit shows it where it is, without taking focus.
  await page.reload();
  await expect(received).toBeVisible();
  await expect(received).not.toBeFocused();
});

test('the consent box links the terms and the privacy policy in new tabs, and the menu reaches checkout', async ({ page }) => {
  await page.goto('/register');
  const terms = page.getByRole('link', { name: 'terms and conditions', exact: true });
  await expect(terms).toHaveAttribute('target', '_blank');
  const [privacy] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Privacy Policy' }).first().click()]);
  await expect(privacy.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(privacy.getByRole('heading', { name: 'Your rights' })).toBeVisible();
  await privacy.close();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByRole('link', { name: 'Pay or view my ticket' }).first().click();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('a reference typed as a phone makes it (lower case, spaces, O for 0) finds the registration', async ({ page }) => {
  const { reference: ref } = await registerVerified(page);
  expect(ref).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
  const typed = `${ref.slice(0, 8).toLowerCase()} ${ref.slice(8)}`.replace(/0/g, 'O').replace(/1/g, 'l');
  await page.goto('/checkout');
  const field = page.getByLabel('Reference');
  await expect(field).toHaveAttribute('autocapitalize', 'off');
  await expect(field).toHaveAttribute('autocorrect', 'off');
  await field.fill(typed);
  await page.getByRole('button', { name: 'Find my registration' }).click();
  await expect(page).toHaveURL(`/checkout/${ref}`);
  await expect(page.getByText('Awaiting payment')).toBeVisible();
});
