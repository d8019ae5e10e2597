// Firebase App Check: proof that a request comes from this site in a real browser, so a script
// that copied the API key cannot write as a visitor. Configured from .env: VITE_APPCHECK_SITE_KEY
// (a reCAPTCHA Enterprise key) turns it on; VITE_APPCHECK_DEBUG_TOKEN uses the debug provider
// instead (a token registered in the Firebase console, for CI or a developer against a real
// project). Off on the local stack unless configured: our emulator does not check tokens, and the
// debug provider exchanges its token with Google's servers. README "Production" says how to enforce it.
import { appCheckDebugToken, appCheckSiteKey } from './env.ts';
import { firebaseApp } from './firebase.ts';

export type AppCheckPlan =
  { provider: 'off' } | { provider: 'recaptcha-enterprise'; siteKey: string } | { provider: 'debug'; siteKey: string; debugToken: string };

/** Which provider the configuration asks for (the debug token wins, so CI never solves a challenge). */
export function appCheckPlan(siteKey: string, debugToken: string): AppCheckPlan {
  if (!siteKey) return { provider: 'off' };
  return debugToken ? { provider: 'debug', siteKey, debugToken } : { provider: 'recaptcha-enterprise', siteKey };
}

let started: Promise<void> | null = null;

/**
 * Starts App Check once, if configured (the SDK and reCAPTCHA are loaded then, never on a page that
 * only reads). Firestore requests made after it carry a token.
 */
export function startAppCheck(): Promise<void> {
  const plan = appCheckPlan(appCheckSiteKey, appCheckDebugToken);
  if (plan.provider === 'off' || typeof window === 'undefined') return Promise.resolve();
  started ??= import('firebase/app-check').then(({ initializeAppCheck, ReCaptchaEnterpriseProvider }) => {
    if (plan.provider === 'debug') (self as unknown as { FIREBASE_APPCHECK_DEBUG_TOKEN: string }).FIREBASE_APPCHECK_DEBUG_TOKEN = plan.debugToken;
    initializeAppCheck(firebaseApp, { provider: new ReCaptchaEnterpriseProvider(plan.siteKey), isTokenAutoRefreshEnabled: true });
  });
  return started;
}
