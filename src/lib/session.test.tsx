// Runs in jsdom: the cookie and localStorage are the browser's.
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_COOKIE_MAX_AGE, clearSession, hasToken, storedUser, storeSession, tokenExpiresAt } from './session.ts';

afterEach(() => clearSession());

describe('login state', () => {
  it('stores the token, the user and the auth_token cookie', () => {
    storeSession('tok', { uid: 'u1', email: 'a@b.org', displayName: 'A' });
    expect(localStorage.getItem('authToken')).toBe('tok');
    expect(storedUser()).toEqual({ uid: 'u1', email: 'a@b.org', displayName: 'A' });
    expect(document.cookie).toContain('auth_token=tok');
    expect(hasToken()).toBe(true);
    expect(AUTH_COOKIE_MAX_AGE).toBe(2_332_800);
  });

  it('logout clears the token, the user and the cookie', () => {
    storeSession('tok', { uid: 'u1', email: null, displayName: null });
    clearSession();
    expect(hasToken()).toBe(false);
    expect(storedUser()).toBeNull();
    expect(document.cookie).not.toContain('auth_token=tok');
  });
});

describe('token expiry', () => {
  const jwt = (payload: unknown) => `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

  it('reads the exp claim in milliseconds', () => {
    expect(tokenExpiresAt(jwt({ exp: 1_800_000_000, email: 'a@b.org' }))).toBe(1_800_000_000_000);
  });

  it('decodes base64url payloads that need padding and use - and _', () => {
    // A name whose JSON encodes to base64 with '+', '/' and padding.
    const payload = { exp: 1_800_000_123, name: '~~~?>>>ÿ' };
    expect(tokenExpiresAt(jwt(payload))).toBe(1_800_000_123_000);
  });

  it('is null for anything that is not a JWT with a numeric exp', () => {
    expect(tokenExpiresAt('token')).toBeNull();
    expect(tokenExpiresAt('a.!!!.c')).toBeNull();
    expect(tokenExpiresAt(jwt({ exp: '1800000000' }))).toBeNull();
    expect(tokenExpiresAt(jwt({}))).toBeNull();
    expect(tokenExpiresAt(jwt(null))).toBeNull();
  });
});
