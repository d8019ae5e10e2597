// @vitest-environment jsdom
// Staff onboarding's own decisions: an invitation creates the account (or finds one) in a second,
// throwaway Auth instance so the admin stays signed in, then sends the set-your-password email; every
// email's link continues to sign-in with the address filled in. Firebase Auth's network calls are
// replaced by a stand-in (the real flows run in e2e/staff-onboarding.spec.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  calls: [] as Array<[string, ...unknown[]]>,
  createError: null as null | Error,
  apps: 0,
}));
vi.mock('firebase/app', async (original) => ({
  ...(await original<typeof import('firebase/app')>()),
  initializeApp: (_config: unknown, name: string) => {
    sdk.calls.push(['initializeApp', name]);
    return { name, live: ++sdk.apps };
  },
  deleteApp: async (app: { name: string }) => void sdk.calls.push(['deleteApp', app.name]),
}));
vi.mock('firebase/auth', async (original) => ({
  ...(await original<typeof import('firebase/auth')>()),
  getAuth: (app: { name: string }) => ({ app: app.name }),
  connectAuthEmulator: (auth: { app: string }, url: string) => void sdk.calls.push(['connectAuthEmulator', auth.app, url]),
  setPersistence: async (auth: { app: string }, persistence: { type: string }) => void sdk.calls.push(['setPersistence', auth.app, persistence.type]),
  createUserWithEmailAndPassword: async (auth: { app: string }, email: string, password: string) => {
    sdk.calls.push(['createUser', auth.app, email, password]);
    if (sdk.createError) throw sdk.createError;
  },
  signOut: async (auth: { app: string }) => void sdk.calls.push(['signOut', auth.app]),
  sendPasswordResetEmail: async (_auth: unknown, email: string, settings: unknown) => void sdk.calls.push(['sendPasswordResetEmail', email, settings]),
  sendEmailVerification: async (user: { email: string | null }, settings: unknown) => void sdk.calls.push(['sendEmailVerification', user.email, settings]),
  verifyPasswordResetCode: async (_auth: unknown, code: string) => (sdk.calls.push(['verifyPasswordResetCode', code]), 'new@summit.test'),
  confirmPasswordReset: async (_auth: unknown, code: string, password: string) => void sdk.calls.push(['confirmPasswordReset', code, password]),
  applyActionCode: async (_auth: unknown, code: string) => void sdk.calls.push(['applyActionCode', code]),
}));
vi.mock('./firebase-auth.ts', () => ({ auth: { app: 'main' }, ready: Promise.resolve() }));
// The local stack's configuration, whatever .env says.
vi.mock('./env.ts', async (original) => ({ ...(await original<typeof import('./env.ts')>()), usesEmulators: true, authEmulatorHost: '127.0.0.1:9099' }));

const { confirmEmail, emailOfResetCode, inviteStaffAccount, sendPasswordReset, sendVerification, setNewPassword, SIGN_IN_PATH } =
  await import('./auth-accounts.ts');

const continueTo = (email: string) => ({ url: `${location.origin}/admin-login?email=${encodeURIComponent(email)}`, handleCodeInApp: false });

beforeEach(() => {
  sdk.calls = [];
  sdk.createError = null;
});
afterEach(() => vi.restoreAllMocks());

describe('inviting a staff member', () => {
  it('creates a password account in a throwaway Auth instance, signs it out there, and sends the set-your-password email', async () => {
    expect(await inviteStaffAccount('new@summit.test')).toEqual({ created: true });
    const [init, connect, persistence, create, signOut, remove, reset] = sdk.calls;
    const name = init[1] as string;
    expect(name).toMatch(/^invite-[0-9a-f-]{36}$/);
    expect(connect).toEqual(['connectAuthEmulator', name, 'http://127.0.0.1:9099']);
    expect(persistence).toEqual(['setPersistence', name, 'NONE']);
    expect(create.slice(0, 3)).toEqual(['createUser', name, 'new@summit.test']);
    expect(signOut).toEqual(['signOut', name]);
    expect(remove).toEqual(['deleteApp', name]);
    expect(reset).toEqual(['sendPasswordResetEmail', 'new@summit.test', continueTo('new@summit.test')]);
    expect(sdk.calls).toHaveLength(7);
  });

  it('gives the account a long random password nobody knows, which meets any policy', async () => {
    await inviteStaffAccount('a@summit.test');
    await inviteStaffAccount('b@summit.test');
    const passwords = sdk.calls.filter((c) => c[0] === 'createUser').map((c) => c[3] as string);
    for (const p of passwords) expect(p).toMatch(/^[0-9a-f]{48}Aa1!$/);
    expect(passwords[0]).not.toBe(passwords[1]);
    const names = sdk.calls.filter((c) => c[0] === 'initializeApp').map((c) => c[1]);
    expect(names[0]).not.toBe(names[1]);
  });

  it('sends the email to an address that already has an account (e.g. Google), creating none', async () => {
    sdk.createError = Object.assign(new Error('exists'), { code: 'auth/email-already-in-use' });
    expect(await inviteStaffAccount('known@summit.test')).toEqual({ created: false });
    expect(sdk.calls.map((c) => c[0])).toEqual(['initializeApp', 'connectAuthEmulator', 'setPersistence', 'createUser', 'deleteApp', 'sendPasswordResetEmail']);
  });

  it('stops on any other failure, sending nothing, and still removes the throwaway instance', async () => {
    sdk.createError = Object.assign(new Error('bad address'), { code: 'auth/invalid-email' });
    await expect(inviteStaffAccount('nope')).rejects.toThrow('bad address');
    expect(sdk.calls.map((c) => c[0])).toEqual(['initializeApp', 'connectAuthEmulator', 'setPersistence', 'createUser', 'deleteApp']);
  });
});

describe('the emails’ links', () => {
  it('continue to the sign-in page with the address filled in', async () => {
    await sendPasswordReset('forgot+me@summit.test');
    expect(sdk.calls).toEqual([['sendPasswordResetEmail', 'forgot+me@summit.test', continueTo('forgot+me@summit.test')]]);
    expect(SIGN_IN_PATH).toBe('/admin-login');
  });

  it('sends a verification email to the account’s address', async () => {
    await sendVerification({ email: 'unverified@summit.test' } as never);
    await sendVerification({ email: null } as never);
    expect(sdk.calls).toEqual([
      ['sendEmailVerification', 'unverified@summit.test', continueTo('unverified@summit.test')],
      ['sendEmailVerification', null, continueTo('')],
    ]);
  });

  it('reads a reset link’s address, sets the new password and confirms an address with the link’s code', async () => {
    expect(await emailOfResetCode('code-1')).toBe('new@summit.test');
    await setNewPassword('code-1', 'a new password');
    await confirmEmail('code-2');
    expect(sdk.calls).toEqual([
      ['verifyPasswordResetCode', 'code-1'],
      ['confirmPasswordReset', 'code-1', 'a new password'],
      ['applyActionCode', 'code-2'],
    ]);
  });
});
