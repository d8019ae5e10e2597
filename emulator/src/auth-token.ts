// Who is calling. `Bearer owner` is the emulator's administrative bypass (as in the official
// emulator); any other Bearer token is an ID token: an unsigned JWT (`alg: none`) as the Auth
// emulator issues them and as `connectFirestoreEmulator(…, { mockUserToken })` and
// @firebase/rules-unit-testing make them. Its claims become request.auth for the rules.
//
// Signatures are not checked (nothing here is signed), but the claims are, as Cloud Firestore
// checks them: a subject, not expired, and issued for the project of the request
// (`aud` = project id, `iss` = https://securetoken.google.com/<project id>). A token that fails
// is refused with production's 401 UNAUTHENTICATED message, the reason in parentheses after it.
import { ApiError } from './errors.ts';
import type { AuthContext } from './rules/contract.ts';

export type Caller = { kind: 'owner' } | { kind: 'user'; auth: AuthContext } | { kind: 'anonymous' };

/** What Cloud Firestore answers (HTTP 401, UNAUTHENTICATED) to credentials it does not accept. */
export const UNAUTHENTICATED_MESSAGE =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

const unauthenticated = (reason: string) => new ApiError('UNAUTHENTICATED', `${UNAUTHENTICATED_MESSAGE} (${reason})`);

/** The issuer of a project's Firebase ID tokens. */
export const issuerFor = (projectId: string) => `https://securetoken.google.com/${projectId}`;

/** "projects/p/databases/d/documents/…" → "p" (null when the resource names no project). */
export function projectOf(resource: string): string | null {
  const m = /^projects\/([^/]+)\//.exec(resource);
  return m ? m[1] : null;
}

/**
 * `createMockUserToken` (behind `mockUserToken` and @firebase/rules-unit-testing) writes
 * `iat: 0, exp: 3600` when the test gives no issue time: a token that states no time at all
 * rather than one that expired in 1970. The official emulator accepts these, and so does this one.
 */
function isTimelessMockToken(claims: Record<string, unknown>): boolean {
  return claims.iat === 0 && claims.exp === 3600;
}

/**
 * The caller of a request. `projectId` is the project in the request's path: the ID token must
 * have been issued for it (null skips that check, for paths that name no project, which the
 * service refuses anyway).
 */
export function callerFromHeader(header: string | undefined, projectId: string | null, nowMs = Date.now()): Caller {
  if (!header) return { kind: 'anonymous' };
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!m) throw unauthenticated('the Authorization header is not a Bearer token');
  const token = m[1];
  if (token === 'owner') return { kind: 'owner' };
  const parts = token.split('.');
  if (parts.length < 2) throw unauthenticated('the ID token is not a JWT');
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw unauthenticated('the ID token could not be decoded');
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) throw unauthenticated('the ID token has no claims');
  const c = claims as Record<string, unknown>;
  if (typeof c.sub !== 'string' || c.sub === '') throw unauthenticated('the ID token has no subject (sub)');
  if (typeof c.exp !== 'number') throw unauthenticated('the ID token has no expiry (exp)');
  if (c.exp * 1000 <= nowMs && !isTimelessMockToken(c)) {
    throw unauthenticated(`the ID token expired at ${new Date(c.exp * 1000).toISOString()}`);
  }
  if (projectId !== null) {
    if (c.aud !== projectId) throw unauthenticated(`the ID token is for ${JSON.stringify(c.aud ?? null)} (aud), not the project "${projectId}"`);
    if (c.iss !== issuerFor(projectId)) throw unauthenticated(`the ID token was issued by ${JSON.stringify(c.iss ?? null)} (iss), not ${issuerFor(projectId)}`);
  }
  return { kind: 'user', auth: { uid: c.sub, token: c } };
}
