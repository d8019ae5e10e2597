// Firebase App Check: proof that a request comes from this site in a real browser, so a script
// that copied the API key cannot write as a visitor. Configured from .env: VITE_APPCHECK_SITE_KEY
// (a reCAPTCHA Enterprise key) turns it on; VITE_APPCHECK_DEBUG_TOKEN uses the debug provider
// instead (a token registered in the Firebase console, for CI or a developer against a real
// project). Off on the local stack unless configured: our emulator does not check tokens, and the
// debug provider exchanges its token with Google's servers. README "Production: App Check" says how to enforce it.
// Nothing of Firebase is imported until App Check is on and needed: a public page's start loads
// this module, and the SDKs only when configured (then as separate chunks).
import type { AppCheck, getToken } from 'firebase/app-check';
import { appCheckDebugToken, appCheckSiteKey } from './env.ts';

export type AppCheckPlan =
  { provider: 'off' } | { provider: 'recaptcha-enterprise'; siteKey: string } | { provider: 'debug'; siteKey: string; debugToken: string };

/** Which provider the configuration asks for (the debug token wins, so CI never solves a challenge). */
export function appCheckPlan(siteKey: string, debugToken: string): AppCheckPlan {
  if (!siteKey) return { provider: 'off' };
  return debugToken ? { provider: 'debug', siteKey, debugToken } : { provider: 'recaptcha-enterprise', siteKey };
}

let started: Promise<{ instance: AppCheck; getToken: typeof getToken }> | null = null;

/** App Check, started once (the SDK and reCAPTCHA are loaded then); null when off or outside a browser. */
function appCheck() {
  const plan = appCheckPlan(appCheckSiteKey, appCheckDebugToken);
  if (plan.provider === 'off' || typeof window === 'undefined') return null;
  started ??= Promise.all([import('firebase/app-check'), import('./firebase.ts')]).then(([sdk, { firebaseApp }]) => {
    if (plan.provider === 'debug') (self as unknown as { FIREBASE_APPCHECK_DEBUG_TOKEN: string }).FIREBASE_APPCHECK_DEBUG_TOKEN = plan.debugToken;
    const instance = sdk.initializeAppCheck(firebaseApp, { provider: new sdk.ReCaptchaEnterpriseProvider(plan.siteKey), isTokenAutoRefreshEnabled: true });
    return { instance, getToken: sdk.getToken };
  });
  return started;
}

/**
 * Starts App Check once, if configured (never on a page that only reads). The SDK's Firestore
 * requests made after it carry a token.
 */
export async function startAppCheck(): Promise<void> {
  await appCheck();
}

/**
 * The token a request made without the SDK sends as X-Firebase-AppCheck (lib/rest-reads.ts); null
 * when App Check is off, or no token could be had (the request then goes without one, which Firestore
 * refuses once App Check is enforced).
 */
export async function appCheckToken(): Promise<string | null> {
  const started = appCheck();
  if (!started) return null;
  try {
    const { instance, getToken } = await started;
    return (await getToken(instance)).token;
  } catch {
    return null;
  }
}
