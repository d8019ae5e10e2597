import { describe, expect, it } from 'vitest';
import { actionLink, authMailFor, signInLink } from './auth-mail.ts';

const emulatorLink =
  'http://127.0.0.1:9099/emulator/action?mode=resetPassword&lang=en&oobCode=abc_DEF-123&apiKey=demo-api-key&continueUrl=http%3A%2F%2Flocalhost%3A4173%2Fadmin-login%3Femail%3Da%2540b.org';

describe('Auth emails of the local stack', () => {
  it('moves the emulator’s link to the app’s action page, keeping every parameter', () => {
    const link = new URL(actionLink(emulatorLink, 'http://localhost:4173'));
    expect(link.origin + link.pathname).toBe('http://localhost:4173/admin-login/action');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      mode: 'resetPassword',
      lang: 'en',
      oobCode: 'abc_DEF-123',
      apiKey: 'demo-api-key',
      continueUrl: 'http://localhost:4173/admin-login?email=a%40b.org',
    });
  });

  it('ignores a path on the site address (the action page is at the site root)', () => {
    expect(actionLink(emulatorLink, 'https://summit.example.org/some/page').startsWith('https://summit.example.org/admin-login/action?mode=')).toBe(true);
  });

  it('writes the set-your-password and confirm-your-address emails, with the link in text and html', () => {
    const reset = authMailFor(
      { email: 'new@example.org', requestType: 'PASSWORD_RESET', oobCode: 'abc_DEF-123', oobLink: emulatorLink },
      'http://localhost:4173',
    );
    expect(reset?.to).toBe('new@example.org');
    expect(reset?.subject).toBe('Choose your password for the National Cancer Summit back office');
    expect(reset?.text).toContain('http://localhost:4173/admin-login/action?mode=resetPassword');
    // In html the link's & are entities, so the address survives any mail client.
    expect(reset?.html).toContain('href="http://localhost:4173/admin-login/action?mode=resetPassword&#38;lang=en');
    const verify = authMailFor(
      { email: 'x@example.org', requestType: 'VERIFY_EMAIL', oobCode: 'c', oobLink: emulatorLink.replace('resetPassword', 'verifyEmail') },
      'http://localhost:4173',
    );
    expect(verify?.subject).toBe('Confirm your email for the National Cancer Summit back office');
  });

  it('escapes an address that holds markup', () => {
    const mail = authMailFor({ email: '"<b>"@example.org', requestType: 'VERIFY_EMAIL', oobCode: 'c', oobLink: emulatorLink }, 'http://localhost:4173');
    expect(mail?.html).not.toContain('<b>');
    expect(mail?.html).toContain('&#60;b&#62;');
  });

  it('sends nothing for a kind of code the product never asks for', () => {
    expect(
      authMailFor({ email: 'x@example.org', requestType: 'VERIFY_AND_CHANGE_EMAIL', oobCode: 'c', oobLink: emulatorLink }, 'http://localhost:4173'),
    ).toBeNull();
  });
});

// The Auth emulator's link for an EMAIL_SIGNIN code, as firebase-tools 15 writes it.
const signInOob = (continueUrl: string | null, extra = '') =>
  `http://127.0.0.1:9099/emulator/action?mode=signIn&lang=en&oobCode=RMQBBj7Geo_PB-cN&apiKey=fake-api-key${extra}` +
  (continueUrl === null ? '' : `&continueUrl=${encodeURIComponent(continueUrl)}`);

describe("An attendee's sign-in link", () => {
  it('lands on the page that asked, with the code added to its query, as Firebase’s handler redirects', () => {
    const link = new URL(signInLink(signInOob('http://localhost:5173/attend'), 'http://localhost:4173'));
    expect(link.origin + link.pathname).toBe('http://localhost:5173/attend');
    expect(Object.fromEntries(link.searchParams)).toEqual({ mode: 'signIn', oobCode: 'RMQBBj7Geo_PB-cN', apiKey: 'fake-api-key', lang: 'en' });
  });

  it('keeps the page’s own query and fragment', () => {
    expect(signInLink(signInOob('http://localhost:5173/attend?draft=abc#form'), 'http://localhost:4173')).toBe(
      'http://localhost:5173/attend?draft=abc&mode=signIn&oobCode=RMQBBj7Geo_PB-cN&apiKey=fake-api-key&lang=en#form',
    );
  });

  it('lands on the site’s home page when the code was sent without a page to return to', () => {
    expect(signInLink(signInOob(null), 'http://localhost:4173/some/page')).toBe(
      'http://localhost:4173/?mode=signIn&oobCode=RMQBBj7Geo_PB-cN&apiKey=fake-api-key&lang=en',
    );
    expect(signInLink(signInOob(''), 'http://localhost:4173')).toBe('http://localhost:4173/?mode=signIn&oobCode=RMQBBj7Geo_PB-cN&apiKey=fake-api-key&lang=en');
  });

  it('adds no lang the emulator did not give', () => {
    const link = new URL(signInLink(signInOob('http://localhost:5173/').replace('&lang=en', ''), 'http://localhost:4173'));
    expect([...link.searchParams.keys()]).toEqual(['mode', 'oobCode', 'apiKey']);
  });

  it('is mailed to the attendee, in their words, with the link in text and html', () => {
    const mail = authMailFor(
      { email: 'ada@example.org', requestType: 'EMAIL_SIGNIN', oobCode: 'RMQBBj7Geo_PB-cN', oobLink: signInOob('http://localhost:5173/attend?draft=abc') },
      'http://localhost:4173',
    );
    const link = 'http://localhost:5173/attend?draft=abc&mode=signIn&oobCode=RMQBBj7Geo_PB-cN&apiKey=fake-api-key&lang=en';
    expect(mail?.to).toBe('ada@example.org');
    expect(mail?.subject).toBe('Your sign-in link for the National Cancer Summit');
    expect(mail?.text).toContain(`\n\n${link}\n\n`);
    expect(mail?.text).toContain('ada@example.org');
    expect(mail?.text).not.toContain('back office');
    expect(mail?.html).toContain(`href="${link.replace(/&/g, '&#38;')}"`);
    expect(mail?.html).not.toContain('back office');
  });

  it('leaves the staff emails on the action page', () => {
    const reset = authMailFor(
      { email: 'new@example.org', requestType: 'PASSWORD_RESET', oobCode: 'abc_DEF-123', oobLink: emulatorLink },
      'http://localhost:4173',
    );
    expect(reset?.text).toContain(`\n\n${actionLink(emulatorLink, 'http://localhost:4173')}\n\n`);
  });
});
