// Who is calling. `Bearer owner` is the emulator's administrative bypass (as in the official
// emulator); any other Bearer token is an ID token from the Auth emulator: an unsigned JWT whose
// claims become request.auth for the rules.
import { ApiError } from './errors.ts';
import type { AuthContext } from './rules/contract.ts';

export type Caller = { kind: 'owner' } | { kind: 'user'; auth: AuthContext } | { kind: 'anonymous' };

export function callerFromHeader(header: string | undefined): Caller {
  if (!header) return { kind: 'anonymous' };
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!m) throw new ApiError('UNAUTHENTICATED', 'Authorization header must be a Bearer token.');
  const token = m[1];
  if (token === 'owner') return { kind: 'owner' };
  const parts = token.split('.');
  if (parts.length < 2) throw new ApiError('UNAUTHENTICATED', 'The ID token is not a JWT.');
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw new ApiError('UNAUTHENTICATED', 'The ID token could not be decoded.');
  }
  const uid = (claims.sub ?? claims.user_id) as string | undefined;
  if (!uid) throw new ApiError('UNAUTHENTICATED', 'The ID token has no subject.');
  return { kind: 'user', auth: { uid, token: claims } };
}
