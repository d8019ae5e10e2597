// Runs in jsdom: the cookie and localStorage are the browser's.
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_COOKIE_MAX_AGE, clearSession, hasToken, storedUser, storeSession } from './session.ts';

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
