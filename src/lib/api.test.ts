import { describe, expect, it } from 'vitest';
import { withAuthorization } from './api.ts';

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
