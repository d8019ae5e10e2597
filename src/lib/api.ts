// Client for the product's own backend. Every request carries the signed-in user's token in
// Authorization unless the caller set that header itself (SPEC section 6).
import { apiBaseUrl } from './env.ts';

export const AUTH_TOKEN_KEY = 'authToken';

export function withAuthorization(init: RequestInit = {}, token: string | null): RequestInit {
  const headers = new Headers(init.headers);
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  return { ...init, headers };
}

export async function apiFetch(path: string, init: RequestInit = {}, base = apiBaseUrl): Promise<Response> {
  const token = typeof localStorage === 'undefined' ? null : localStorage.getItem(AUTH_TOKEN_KEY);
  return fetch(`${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`, withAuthorization(init, token));
}
