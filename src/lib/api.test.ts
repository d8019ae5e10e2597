import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, withAuthorization } from './api.ts';

describe('backend requests', () => {
  it('carry the stored token as a Bearer Authorization header', () => {
    const init = withAuthorization({ method: 'POST' }, 'tok123');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok123');
    expect(init.method).toBe('POST');
  });

  it('leave an Authorization header the request set itself alone', () => {
    const init = withAuthorization({ headers: { Authorization: 'Basic abc' } }, 'tok123');
    expect(new Headers(init.headers).get('Authorization')).toBe('Basic abc');
  });

  it('send no Authorization without a token', () => {
    expect(new Headers(withAuthorization({}, null).headers).has('Authorization')).toBe(false);
  });
});

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  function recordFetch() {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => (calls.push({ url, init }), new Response('{}')));
    return calls;
  }

  it.each([
    ['https://api.example', '/registrations', 'https://api.example/registrations'],
    ['https://api.example/', '/registrations', 'https://api.example/registrations'],
    ['https://api.example/', 'registrations', 'https://api.example/registrations'],
    ['https://api.example/v1', 'registrations/abc/receipt', 'https://api.example/v1/registrations/abc/receipt'],
    ['', '/health', '/health'],
  ])('joins %j and %j with one slash: %s', async (base, path, url) => {
    const calls = recordFetch();
    await apiFetch(path, {}, base);
    expect(calls.map((c) => c.url)).toEqual([url]);
  });

  it('sends the stored token and the caller’s options', async () => {
    const calls = recordFetch();
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'authToken' ? 'tok-9' : null) });
    await apiFetch('/payments', { method: 'POST', body: 'x' }, 'https://api.example');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBe('x');
    expect(new Headers(calls[0].init.headers).get('Authorization')).toBe('Bearer tok-9');
  });

  it('sends no Authorization where there is no storage (a Node script) or no token', async () => {
    const calls = recordFetch();
    vi.stubGlobal('localStorage', undefined);
    await apiFetch('/health', undefined, 'https://api.example');
    vi.stubGlobal('localStorage', { getItem: () => null });
    await apiFetch('/health', undefined, 'https://api.example');
    expect(calls.map((c) => new Headers(c.init.headers).has('Authorization'))).toEqual([false, false]);
  });
});
