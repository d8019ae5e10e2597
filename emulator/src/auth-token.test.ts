import { describe, expect, it } from 'vitest';
import { callerFromHeader } from './auth-token.ts';

const jwt = (claims: Record<string, unknown>) =>
  `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

describe('callers', () => {
  it('no header is anonymous, Bearer owner is the administrative bypass', () => {
    expect(callerFromHeader(undefined)).toEqual({ kind: 'anonymous' });
    expect(callerFromHeader('Bearer owner')).toEqual({ kind: 'owner' });
  });

  it('an Auth emulator ID token becomes request.auth with its claims', () => {
    const caller = callerFromHeader(`Bearer ${jwt({ sub: 'u1', email: 'ann@x.org', email_verified: true })}`);
    expect(caller).toEqual({ kind: 'user', auth: { uid: 'u1', token: { sub: 'u1', email: 'ann@x.org', email_verified: true } } });
  });

  it.each(['Basic abc', 'Bearer not-a-jwt', `Bearer ${jwt({ email: 'no-subject@x.org' })}`, 'Bearer a.%%%.b'])('refuses %s as unauthenticated', (header) => {
    expect(() => callerFromHeader(header)).toThrow(expect.objectContaining({ status: 'UNAUTHENTICATED' }));
  });
});
