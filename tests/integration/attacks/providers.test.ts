// Attacker's suite, class 5: sign-in providers. Forged ID tokens, sent straight to the REST API,
// claiming a staff address as verified: a staff role comes only from the providers the back
// office offers (password, Google). Any other provider, or none, gets what a visitor gets.
import { describe, expect, it } from 'vitest';
import { asForged, forgedToken as jwt } from '../support/forged.ts';

/** A staff member's address and a verified flag, from the given provider. */
const claimsFor = (provider: string | null) => ({
  sub: `forged-${provider ?? 'none'}`,
  user_id: `forged-${provider ?? 'none'}`,
  email: 'admin@summit.test',
  email_verified: true,
  ...(provider === null ? {} : { firebase: { sign_in_provider: provider, identities: {} } }),
});

/** Lists the activity log (staff only) over REST with the token; the HTTP status says who it was taken for. */
async function readLogs(token: string) {
  const res = await asForged(token, ':runQuery', { body: { structuredQuery: { from: [{ collectionId: 'logs' }], limit: 1 } } });
  return res.status;
}

describe('staff roles and sign-in providers', () => {
  it.each(['password', 'google.com'])('a verified staff address signed in with %s is staff', async (provider) => {
    expect(await readLogs(jwt(claimsFor(provider)))).toBe(200);
  });

  it.each(['custom', 'anonymous', 'phone', 'github.com', 'facebook.com', 'oidc.partner', 'saml.partner', 'emailLink', ''])(
    'a verified staff address asserted by %s is not staff',
    async (provider) => {
      expect(await readLogs(jwt(claimsFor(provider)))).toBe(403);
    },
  );

  it('a token that names no provider at all is not staff', async () => {
    expect(await readLogs(jwt(claimsFor(null)))).toBe(403);
  });

  it('a token whose provider claim is not a string is not staff', async () => {
    expect(await readLogs(jwt({ ...claimsFor('password'), firebase: { sign_in_provider: ['password'] } }))).toBe(403);
  });
});
