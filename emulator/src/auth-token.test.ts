import { describe, expect, it } from 'vitest';
import { callerFromHeader, projectOf, UNAUTHENTICATED_MESSAGE } from './auth-token.ts';

const PROJECT = 'demo-nci-summit';
const NOW = Date.parse('2027-05-07T06:00:00Z');
const nowSeconds = NOW / 1000;
const jwt = (claims: Record<string, unknown>) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
/** What the Auth emulator issues: iss/aud for the project, an hour of validity. */
const idToken = (claims: Record<string, unknown> = {}, project = PROJECT) =>
  jwt({
    iss: `https://securetoken.google.com/${project}`,
    aud: project,
    iat: nowSeconds - 60,
    exp: nowSeconds + 3540,
    auth_time: nowSeconds - 60,
    sub: 'u1',
    user_id: 'u1',
    ...claims,
  });
/**
 * What @firebase/util's createMockUserToken makes for `connectFirestoreEmulator(…, { mockUserToken })`
 * and @firebase/rules-unit-testing (the conformance suite sends the real thing through the SDK).
 */
function createMockUserToken(token: { sub: string; iat?: number; [claim: string]: unknown }, project: string) {
  const iat = token.iat ?? 0;
  const payload = {
    iss: `https://securetoken.google.com/${project}`,
    aud: project,
    iat,
    exp: iat + 3600,
    auth_time: iat,
    user_id: token.sub,
    firebase: { sign_in_provider: 'custom', identities: {} },
    ...token,
  };
  return jwt(payload);
}
const caller = (header: string | undefined, project: string | null = PROJECT) => callerFromHeader(header, project, NOW);

describe('callers', () => {
  it('no header is anonymous, Bearer owner is the administrative bypass', () => {
    expect(caller(undefined)).toEqual({ kind: 'anonymous' });
    expect(caller('Bearer owner')).toEqual({ kind: 'owner' });
  });

  it('an Auth emulator ID token becomes request.auth with its claims', () => {
    const token = idToken({ email: 'ann@x.org', email_verified: true });
    const c = caller(`Bearer ${token}`);
    expect(c).toMatchObject({ kind: 'user', auth: { uid: 'u1', token: { sub: 'u1', aud: PROJECT, email: 'ann@x.org', email_verified: true } } });
  });

  it('accepts the tokens of mockUserToken and @firebase/rules-unit-testing, with or without an issue time', () => {
    // No iat: the SDK writes iat 0 and exp 3600, a token that states no time (see auth-token.ts).
    const timeless = createMockUserToken({ sub: 'ann', email: 'ann@x.org' }, PROJECT);
    expect(caller(`Bearer ${timeless}`)).toMatchObject({ kind: 'user', auth: { uid: 'ann', token: { iat: 0, exp: 3600, aud: PROJECT } } });
    const timed = createMockUserToken({ sub: 'ann', iat: nowSeconds }, PROJECT);
    expect(caller(`Bearer ${timed}`)).toMatchObject({ kind: 'user', auth: { uid: 'ann' } });
    // …but one given an issue time more than an hour ago has expired, and one for another project is refused.
    expect(() => caller(`Bearer ${createMockUserToken({ sub: 'ann', iat: nowSeconds - 7200 }, PROJECT)}`)).toThrow(/expired/);
    expect(() => caller(`Bearer ${createMockUserToken({ sub: 'ann' }, 'other-project')}`)).toThrow(/aud/);
  });

  it.each([
    ['not a Bearer token', 'Basic abc'],
    ['not a JWT', 'Bearer not-a-jwt'],
    ['undecodable', 'Bearer a.%%%.b'],
    ['without a subject', `Bearer ${idToken({ sub: undefined })}`],
    ['with an empty subject', `Bearer ${idToken({ sub: '' })}`],
    ['expired', `Bearer ${idToken({ iat: nowSeconds - 7200, exp: nowSeconds - 3600 })}`],
    ['expiring this very second', `Bearer ${idToken({ exp: nowSeconds })}`],
    ['without an expiry', `Bearer ${idToken({ exp: undefined })}`],
    ['for another project (aud and iss)', `Bearer ${idToken({}, 'another-project')}`],
    ['for another audience', `Bearer ${idToken({ aud: 'another-project' })}`],
    ['from another issuer', `Bearer ${idToken({ iss: 'https://securetoken.google.com/another-project' })}`],
    ['without an audience', `Bearer ${idToken({ aud: undefined })}`],
  ])('refuses a token %s with 401 UNAUTHENTICATED and production’s message', (_, header) => {
    let error: unknown;
    try {
      caller(header);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ status: 'UNAUTHENTICATED', httpStatus: 401 });
    expect((error as Error).message.startsWith(`${UNAUTHENTICATED_MESSAGE} (`)).toBe(true);
  });

  it('says why in parentheses', () => {
    expect(() => caller(`Bearer ${idToken({ exp: nowSeconds - 1 })}`)).toThrow(`${UNAUTHENTICATED_MESSAGE} (the ID token expired at 2027-05-07T05:59:59.000Z)`);
    expect(() => caller(`Bearer ${idToken({}, 'another-project')}`)).toThrow(
      '(the ID token is for "another-project" (aud), not the project "demo-nci-summit")',
    );
  });

  it('checks the project only when the request names one', () => {
    expect(caller(`Bearer ${idToken({}, 'another-project')}`, null)).toMatchObject({ kind: 'user' });
    expect(projectOf('projects/p-1/databases/(default)/documents/a/b')).toBe('p-1');
    expect(projectOf('nothing')).toBeNull();
  });
});
