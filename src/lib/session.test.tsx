// Runs in jsdom: the cookie and localStorage are the browser's.
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_COOKIE_MAX_AGE, clearSession, hasToken, storedToken, storedUser, storeSession, tokenExpiresAt } from './session.ts';

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

describe('the auth_token cookie as written', () => {
  /** A document that keeps every cookie string written to it, as the browser receives it. */
  function recordingDocument(protocol: string) {
    const written: string[] = [];
    const doc = {
      location: { protocol },
      set cookie(value: string) {
        written.push(value);
      },
    } as unknown as Document;
    return { doc, written };
  }

  it('lasts 27 days on every path, sent on top-level navigation, and only over HTTPS when the site is', () => {
    const https = recordingDocument('https:');
    storeSession('tok', { uid: 'u1', email: null, displayName: null }, https.doc, localStorage);
    expect(https.written).toEqual(['auth_token=tok; Path=/; Max-Age=2332800; SameSite=Lax; Secure']);
    expect(AUTH_COOKIE_MAX_AGE).toBe(27 * 24 * 60 * 60);
    const http = recordingDocument('http:');
    storeSession('tok', { uid: 'u1', email: null, displayName: null }, http.doc, localStorage);
    expect(http.written).toEqual(['auth_token=tok; Path=/; Max-Age=2332800; SameSite=Lax']);
  });

  it('encodes the token, so a token with separators stays one cookie value', () => {
    const { doc, written } = recordingDocument('https:');
    storeSession('a b;c=d', { uid: 'u1', email: null, displayName: null }, doc, localStorage);
    expect(written[0]).toMatch(/^auth_token=a%20b%3Bc%3Dd; /);
  });

  it('is expired at once on logout', () => {
    const { doc, written } = recordingDocument('https:');
    clearSession(doc, localStorage);
    expect(written).toEqual(['auth_token=; Path=/; Max-Age=0; SameSite=Lax']);
  });

  it('is written on a document without a location (no Secure flag)', () => {
    const written: string[] = [];
    const doc = {
      set cookie(value: string) {
        written.push(value);
      },
    } as unknown as Document;
    storeSession('tok', { uid: 'u1', email: null, displayName: null }, doc, localStorage);
    expect(written).toEqual(['auth_token=tok; Path=/; Max-Age=2332800; SameSite=Lax']);
  });
});

describe('the stored login state', () => {
  it('reads the token back, and no token once cleared', () => {
    storeSession('tok-2', { uid: 'u2', email: 'b@c.org', displayName: null });
    expect(storedToken()).toBe('tok-2');
    expect(localStorage.getItem('user')).toBe(JSON.stringify({ uid: 'u2', email: 'b@c.org', displayName: null }));
    clearSession();
    expect(storedToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('has no token when the stored one is empty', () => {
    localStorage.setItem('authToken', '');
    expect(hasToken()).toBe(false);
  });

  it('has no user when the stored user is damaged', () => {
    localStorage.setItem('user', '{not json');
    expect(storedUser()).toBeNull();
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
    expect(tokenExpiresAt(`e30.${btoa('{"exp":1e400}')}.sig`)).toBeNull(); // Infinity
    expect(tokenExpiresAt('e30..sig')).toBeNull();
  });
});
