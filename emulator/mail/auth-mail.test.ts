import { describe, expect, it } from 'vitest';
import { actionLink, authMailFor } from './auth-mail.ts';

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
    expect(authMailFor({ email: 'x@example.org', requestType: 'EMAIL_SIGNIN', oobCode: 'c', oobLink: emulatorLink }, 'http://localhost:4173')).toBeNull();
  });
});
