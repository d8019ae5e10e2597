// @vitest-environment jsdom
// The staff session as sign-in keeps it: what is stored when Firebase Auth signs someone in, out or
// refreshes their token, what sign-in tells people when Auth refuses, and the password policy in
// words. Signing in for real runs against the Auth emulator (e2e/); here the SDK's network calls
// are replaced by a stand-in account, so each outcome can be stated.
import type { User } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  policy: null as null | Record<string, unknown> | Error,
  tokenListener: null as null | ((user: unknown) => Promise<void>),
  signInUser: null as unknown,
  signedOut: 0,
  verificationsSent: [] as Array<{ email: string; url: string }>,
  verificationFails: false,
  popupResolvers: [] as unknown[],
  auth: { currentUser: null as unknown, authStateReady: async () => {} },
}));
vi.mock('firebase/auth', async (original) => ({
  ...(await original<typeof import('firebase/auth')>()),
  validatePassword: async () => {
    if (sdk.policy instanceof Error) throw sdk.policy;
    return sdk.policy;
  },
  onIdTokenChanged: (_auth: unknown, listener: (user: unknown) => Promise<void>) => {
    sdk.tokenListener = listener;
  },
  signInWithEmailAndPassword: async () => ({ user: sdk.signInUser }),
  signInWithPopup: async (_auth: unknown, _provider: unknown, resolver: unknown) => {
    sdk.popupResolvers.push(resolver);
    return { user: sdk.signInUser };
  },
  signOut: async () => {
    sdk.signedOut++;
  },
  sendEmailVerification: async (user: { email: string }, settings: { url: string }) => {
    if (sdk.verificationFails) throw Object.assign(new Error('quota'), { code: 'auth/too-many-requests' });
    sdk.verificationsSent.push({ email: user.email, url: settings.url });
  },
}));
vi.mock('./firebase-auth.ts', () => ({ auth: sdk.auth, ready: Promise.resolve() }));

const { checkSession, currentUser, describeAuthError, passwordProblems, signInWithGoogle, signInWithPassword, signOut, UnverifiedEmailError } =
  await import('./auth.ts');
const { describeLinkError } = await import('./auth-accounts.ts');
const { storedToken, storedUser } = await import('./session.ts');

/** A signed-in account as the SDK hands it over; getIdToken fails with `tokenError` when set. */
function account({ anonymous = false, verified = true, token = 'id-token-1', tokenError = null as Error | null } = {}) {
  const calls: unknown[] = [];
  const user = {
    uid: 'u1',
    email: 'editor@summit.test',
    displayName: 'Editor',
    isAnonymous: anonymous,
    emailVerified: verified,
    getIdToken: async (force?: boolean) => {
      calls.push(force);
      if (tokenError) throw tokenError;
      return token;
    },
  };
  return { user: user as unknown as User, calls };
}

beforeEach(() => {
  localStorage.clear();
  sdk.signInUser = null;
  sdk.signedOut = 0;
  sdk.verificationsSent = [];
  sdk.verificationFails = false;
  sdk.auth.currentUser = null;
});

afterEach(() => {
  sdk.policy = null;
});

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('why sign-in failed, in the words the page uses', () => {
  it.each([
    ['auth/unverified-email', 'unverified'],
    ['auth/invalid-credential', 'wrong-credentials'],
    ['auth/wrong-password', 'wrong-credentials'],
    ['auth/user-not-found', 'wrong-credentials'],
    ['auth/invalid-email', 'wrong-credentials'],
    ['auth/invalid-login-credentials', 'wrong-credentials'],
    ['auth/too-many-requests', 'too-many-attempts'],
    ['auth/network-request-failed', 'network'],
    ['auth/popup-closed-by-user', 'popup-closed'],
    ['auth/cancelled-popup-request', 'popup-closed'],
    ['auth/password-does-not-meet-requirements', 'weak-password'],
    ['auth/weak-password', 'weak-password'],
    ['auth/internal-error', 'unknown'],
    ['', 'unknown'],
  ])('%s is %s', (code, problem) => {
    expect(describeAuthError(failure(code))).toBe(problem);
  });

  it('reads an unverified address from the error sign-in throws for it', () => {
    expect(describeAuthError(new UnverifiedEmailError('a@b.org is not verified yet.'))).toBe('unverified');
  });

  it.each([null, undefined, 'offline', new Error('no code')])('is unknown for %j', (error) => {
    expect(describeAuthError(error)).toBe('unknown');
  });
});

describe('why an email link failed', () => {
  it.each([
    ['auth/expired-action-code', 'expired'],
    ['auth/invalid-action-code', 'used-or-invalid'],
    ['auth/user-not-found', 'used-or-invalid'],
    ['auth/user-disabled', 'used-or-invalid'],
    ['auth/network-request-failed', 'network'],
    ['auth/internal-error', 'unknown'],
  ])('%s is %s', (code, problem) => {
    expect(describeLinkError(failure(code))).toBe(problem);
  });

  it.each([null, undefined, new Error('no code')])('is unknown for %j', (error) => {
    expect(describeLinkError(error)).toBe('unknown');
  });
});

describe('the password policy in words', () => {
  const options = (o: Record<string, unknown>) => ({ passwordPolicy: { customStrengthOptions: o } });

  it('has nothing to say about a valid password', async () => {
    sdk.policy = { isValid: true, ...options({ minPasswordLength: 12 }) };
    expect(await passwordProblems('long enough password')).toEqual([]);
  });

  it('lists every requirement a password misses, in order', async () => {
    sdk.policy = {
      isValid: false,
      meetsMinPasswordLength: false,
      meetsMaxPasswordLength: false,
      containsLowercaseLetter: false,
      containsUppercaseLetter: false,
      containsNumericCharacter: false,
      containsNonAlphanumericCharacter: false,
      ...options({ minPasswordLength: 10, maxPasswordLength: 64 }),
    };
    expect(await passwordProblems('x')).toEqual([
      'at least 10 characters',
      'at most 64 characters',
      'a lowercase letter',
      'an uppercase letter',
      'a digit',
      'a symbol',
    ]);
  });

  it('names only what the policy checks and the password misses', async () => {
    // Undefined: the policy does not ask for it. True: the password has it.
    sdk.policy = { isValid: false, meetsMinPasswordLength: true, containsUppercaseLetter: false, containsNumericCharacter: true, ...options({}) };
    expect(await passwordProblems('lowercase1')).toEqual(['an uppercase letter']);
  });

  it('says six characters when the policy gives no minimum', async () => {
    sdk.policy = { isValid: false, meetsMinPasswordLength: false, ...options({}) };
    expect(await passwordProblems('abc')).toEqual(['at least 6 characters']);
  });

  it('falls back to the default of six characters when the policy cannot be read', async () => {
    sdk.policy = failure('auth/network-request-failed');
    expect(await passwordProblems('12345')).toEqual(['at least 6 characters']);
    expect(await passwordProblems('123456')).toEqual([]);
  });
});

describe('the stored session follows Firebase Auth', () => {
  it('stores the token and the account when staff sign in or the token is refreshed', async () => {
    await sdk.tokenListener!(account({ token: 'fresh-token' }).user);
    expect(storedToken()).toBe('fresh-token');
    expect(storedUser()).toEqual({ uid: 'u1', email: 'editor@summit.test', displayName: 'Editor' });
  });

  it('never stores a visitor’s anonymous identity', async () => {
    await sdk.tokenListener!(account({ anonymous: true }).user);
    expect(storedToken()).toBeNull();
  });

  it('clears the stored session when Firebase ends it', async () => {
    await sdk.tokenListener!(account().user);
    await sdk.tokenListener!(null);
    expect(storedToken()).toBeNull();
    expect(storedUser()).toBeNull();
  });
});

describe('signing in and out', () => {
  it('signs in a verified password account and stores its session', async () => {
    const { user } = account({ token: 'pw-token' });
    sdk.signInUser = user;
    expect(await signInWithPassword('editor@summit.test', 'secret123')).toBe(user);
    expect(storedToken()).toBe('pw-token');
    expect(sdk.signedOut).toBe(0);
  });

  it('sends an unverified account a verification link back to sign-in, signs it out and says so', async () => {
    sdk.signInUser = account({ verified: false }).user;
    await expect(signInWithPassword('Editor@Summit.test', 'secret123')).rejects.toThrow(new UnverifiedEmailError('editor@summit.test is not verified yet.'));
    expect(sdk.verificationsSent).toEqual([{ email: 'editor@summit.test', url: `${location.origin}/admin-login?email=editor%40summit.test` }]);
    expect(sdk.signedOut).toBe(1);
    expect(storedToken()).toBeNull();
  });

  it('names the typed address when the account has none, and signs out even when the link cannot be sent', async () => {
    sdk.signInUser = { ...account({ verified: false }).user, email: null };
    await expect(signInWithPassword('typed@summit.test', 'secret123')).rejects.toThrow('typed@summit.test is not verified yet.');
    sdk.verificationFails = true;
    sdk.signInUser = account({ verified: false }).user;
    await expect(signInWithPassword('editor@summit.test', 'secret123')).rejects.toMatchObject({ code: 'auth/too-many-requests' });
    expect(sdk.signedOut).toBe(2);
  });

  it('signs in with Google and stores the session', async () => {
    const { user } = account({ token: 'google-token' });
    sdk.signInUser = user;
    expect(await signInWithGoogle()).toBe(user);
    // The popup's resolver goes to this call only: the shared Auth instance has none (firebase-auth.ts).
    const { browserPopupRedirectResolver } = await import('firebase/auth');
    expect(sdk.popupResolvers).toEqual([browserPopupRedirectResolver]);
    expect(storedUser()).toEqual({ uid: 'u1', email: 'editor@summit.test', displayName: 'Editor' });
    expect(storedToken()).toBe('google-token');
  });

  it('clears the session and signs out of Firebase', async () => {
    await sdk.tokenListener!(account().user);
    await signOut();
    expect(storedToken()).toBeNull();
    expect(sdk.signedOut).toBe(1);
  });
});

describe('whether the session still stands', () => {
  it('is valid when a token can be had, asking afresh when told to, and stores it', async () => {
    const { user, calls } = account({ token: 'renewed' });
    sdk.auth.currentUser = user;
    expect(await checkSession(true)).toBe('valid');
    expect(await checkSession(false)).toBe('valid');
    expect(calls.slice(0, 2)).toEqual([true, undefined]);
    expect(calls).toContain(false);
    expect(storedToken()).toBe('renewed');
  });

  it('has ended without an account, for an anonymous visitor, and when Firebase refuses the token', async () => {
    expect(await checkSession(true)).toBe('ended');
    sdk.auth.currentUser = account({ anonymous: true }).user;
    expect(await checkSession(true)).toBe('ended');
    sdk.auth.currentUser = account({ tokenError: failure('auth/user-token-expired') }).user;
    expect(await checkSession(true)).toBe('ended');
  });

  it('cannot be told while offline (the person stays in their half-filled form)', async () => {
    sdk.auth.currentUser = account({ tokenError: failure('auth/network-request-failed') }).user;
    expect(await checkSession(true)).toBe('unreachable');
  });

  it('names the signed-in staff account, never a visitor’s anonymous identity', async () => {
    expect(await currentUser()).toBeNull();
    sdk.auth.currentUser = account({ anonymous: true }).user;
    expect(await currentUser()).toBeNull();
    const { user } = account();
    sdk.auth.currentUser = user;
    expect(await currentUser()).toBe(user);
  });
});
