// @vitest-environment jsdom
// What sign-in tells people when Firebase Auth refuses, and the password policy in words. Signing
// in itself runs against the Auth emulator (e2e/); here the SDK's validatePassword is replaced so
// each policy outcome can be stated.
import { afterEach, describe, expect, it, vi } from 'vitest';

const policy = vi.hoisted(() => ({ status: null as null | Record<string, unknown> | Error }));
vi.mock('firebase/auth', async (original) => ({
  ...(await original<typeof import('firebase/auth')>()),
  validatePassword: async () => {
    if (policy.status instanceof Error) throw policy.status;
    return policy.status;
  },
}));

const { describeAuthError, passwordProblems, UnverifiedEmailError } = await import('./auth.ts');
const { describeLinkError } = await import('./auth-accounts.ts');

afterEach(() => {
  policy.status = null;
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
    policy.status = { isValid: true, ...options({ minPasswordLength: 12 }) };
    expect(await passwordProblems('long enough password')).toEqual([]);
  });

  it('lists every requirement a password misses, in order', async () => {
    policy.status = {
      isValid: false,
      meetsMinPasswordLength: false,
      meetsMaxPasswordLength: false,
      containsLowercaseLetter: false,
      containsUppercaseLetter: false,
      containsNumericCharacter: false,
      containsNonAlphanumericCharacter: false,
      ...options({ minPasswordLength: 10, maxPasswordLength: 64 }),
    };
    expect(await passwordProblems('x')).toEqual(['at least 10 characters', 'at most 64 characters', 'a lowercase letter', 'an uppercase letter', 'a digit', 'a symbol']);
  });

  it('names only what the policy checks and the password misses', async () => {
    // Undefined: the policy does not ask for it. True: the password has it.
    policy.status = { isValid: false, meetsMinPasswordLength: true, containsUppercaseLetter: false, containsNumericCharacter: true, ...options({}) };
    expect(await passwordProblems('lowercase1')).toEqual(['an uppercase letter']);
  });

  it('says six characters when the policy gives no minimum', async () => {
    policy.status = { isValid: false, meetsMinPasswordLength: false, ...options({}) };
    expect(await passwordProblems('abc')).toEqual(['at least 6 characters']);
  });

  it('falls back to the default of six characters when the policy cannot be read', async () => {
    policy.status = failure('auth/network-request-failed');
    expect(await passwordProblems('12345')).toEqual(['at least 6 characters']);
    expect(await passwordProblems('123456')).toEqual([]);
  });
});
