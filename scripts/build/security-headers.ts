// The headers a browser enforces on every page Hosting serves (firebase.json, written by
// scripts/build/hosting-config.ts; `npm run preview` serves the same, scripts/serve/preview-config.ts).
// One policy for the whole site: the back office is a route of the same app as the public pages
// (the SPA fallback), and a client-side navigation keeps the document, and so its policy, of the
// page where the visit began.
import { ADMIN_SCREENS } from '../../src/app/admin/admin-screens.ts';

/** Where the browser may talk to, and why. */
const ORIGINS = {
  // Firestore (the SDK and the REST reads, lib/firestore-rest.ts), Auth's sign-in and token
  // refresh, App Check's token exchange (lib/app-check.ts, when configured).
  firebaseApis: [
    'https://firestore.googleapis.com',
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://content-firebaseappcheck.googleapis.com',
    // Cloud Storage: the back office's uploads (lib/app-storage.ts) and the certificate logo the PDF fetches.
    'https://firebasestorage.googleapis.com',
  ],
  // Page views and outbound clicks (lib/plausible-events.ts).
  analytics: ['https://plausible.io'],
  // Google sign-in for staff (signInWithPopup, lib/auth.ts): the Auth SDK loads Google's API
  // loader and talks to the project's auth domain (<project>.firebaseapp.com) in a hidden frame.
  googleSignInScript: ['https://apis.google.com'],
  authFrames: ['https://*.firebaseapp.com'],
  // reCAPTCHA Enterprise, App Check's provider in production (lib/app-check.ts).
  recaptchaScripts: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  recaptchaFrames: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

export interface InlineHashes {
  /** Hash sources of the inline scripts the build emits (scripts/build/inline-scripts.ts). */
  scripts: string[];
  /** Hash sources of the event handler attributes it emits (the stylesheet's onload switch). */
  handlers: string[];
}

/**
 * The Content-Security-Policy. Scripts: this site's files and the inline scripts the build emits,
 * by hash (no 'unsafe-inline'). The one handler attribute (a stylesheet link's
 * onload="this.media='all'", which loads the full stylesheet without blocking the first paint) is
 * allowed by its hash through 'unsafe-hashes': that exact text only, and it does nothing an
 * attacker could use. Styles keep 'unsafe-inline': every page carries its critical CSS in a <style>
 * (postbuild.ts), whose text changes with any class a component uses, so a hash would change with
 * every build; the prerendered markup carries style attributes (image sizes), and the editor
 * (tiptap) writes some. An injected style cannot run script; the scripts are what this policy holds.
 * `evaluates`: the policy of a page that compiles templates (EVAL_PAGES), the same with 'unsafe-eval'.
 * Images: https anywhere (speakers' photos, sponsors' logos and article images are uploaded to Cloud
 * Storage or are addresses staff enter), data: (the ticket's QR code) and blob: (a chosen file
 * previewed before upload).
 */
export function contentSecurityPolicy(hashes: InlineHashes, { evaluates = false } = {}): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      [
        "'self'",
        ...(evaluates ? ["'unsafe-eval'"] : []),
        ...hashes.scripts,
        ...(hashes.handlers.length ? ["'unsafe-hashes'", ...hashes.handlers] : []),
        ...ORIGINS.googleSignInScript,
        ...ORIGINS.recaptchaScripts,
      ],
    ],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...ORIGINS.firebaseApis, ...ORIGINS.analytics]],
    ['frame-src', ["'self'", ...ORIGINS.authFrames, ...ORIGINS.recaptchaFrames]],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    // No page of this site is meant to be framed: a framed back office invites clickjacking.
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export interface HostingHeader {
  source: string;
  headers: Array<{ key: string; value: string }>;
}

/** The pages that use the camera (the check-in's QR scanner, getUserMedia). */
export const CAMERA_PAGES = ADMIN_SCREENS.filter((s) => s.camera).map((s) => `/admin/${s.path}`);
/** The pages that compile templates in the browser (the Emails screen's preview, Handlebars). */
export const EVAL_PAGES = ADMIN_SCREENS.filter((s) => s.evaluates).map((s) => `/admin/${s.path}`);

const permissionsPolicy = (camera: string) =>
  `camera=${camera}, microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), bluetooth=(), browsing-topics=()`;

/**
 * Firebase Hosting applies every rule whose source matches, in order, so a later rule's header
 * replaces an earlier one's: the camera rule comes after the site-wide one.
 */
export function securityHeaders(hashes: InlineHashes): HostingHeader[] {
  return [
    {
      source: '**',
      headers: [
        { key: 'Content-Security-Policy', value: contentSecurityPolicy(hashes) },
        // frame-ancestors' predecessor, for browsers that predate it.
        { key: 'X-Frame-Options', value: 'DENY' },
        { key: 'X-Content-Type-Options', value: 'nosniff' },
        // Cross-origin requests carry the origin only, never a path (checkout and certificate
        // addresses carry references; the staff sign-in link carries a one-time code). Not
        // no-referrer: a Firebase API key restricted to this site's referrer needs the origin.
        { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        { key: 'Permissions-Policy', value: permissionsPolicy('()') },
      ],
    },
    // The menu opens these as documents of their own (admin-screens.ts), the only ones allowed the camera.
    ...CAMERA_PAGES.map((source) => ({ source, headers: [{ key: 'Permissions-Policy', value: permissionsPolicy('(self)') }] })),
    // Handlebars compiles a template to a function (`new Function`); the Emails screen previews
    // staff's templates so, as the Trigger Email extension renders them. Only that staff screen's
    // document may evaluate code, and what it previews is shown in a frame without scripts.
    ...EVAL_PAGES.map((source) => ({ source, headers: [{ key: 'Content-Security-Policy', value: contentSecurityPolicy(hashes, { evaluates: true }) }] })),
  ];
}

/** The hashes a policy's script-src allows (what firebase.json allows), for checks against a build. */
export function allowedInlineHashes(policy: string): InlineHashes {
  const sources =
    policy
      .split('; ')
      .find((d) => d.startsWith('script-src '))
      ?.split(' ') ?? [];
  const handlersFrom = sources.includes("'unsafe-hashes'") ? sources.indexOf("'unsafe-hashes'") : sources.length;
  const hashes = (list: string[]) => list.filter((s) => s.startsWith("'sha256-"));
  return { scripts: hashes(sources.slice(0, handlersFrom)), handlers: hashes(sources.slice(handlersFrom)) };
}

/** What a build runs inline that the policy does not allow (empty when the policy covers it all). */
export function notAllowed(built: InlineHashes, policy: string): string[] {
  const allowed = allowedInlineHashes(policy);
  return [
    ...built.scripts.filter((h) => !allowed.scripts.includes(h)).map((h) => `script ${h}`),
    ...built.handlers.filter((h) => !allowed.handlers.includes(h)).map((h) => `event handler ${h}`),
  ];
}

/** The Content-Security-Policy a hosting block sends site-wide. */
export function sitePolicy(headers: HostingHeader[]): string {
  const policy = headers.find((h) => h.source === '**')?.headers.find((h) => h.key === 'Content-Security-Policy')?.value;
  if (!policy) throw new Error('firebase.json sends no site-wide Content-Security-Policy: run `npm run hosting-config`.');
  return policy;
}

/** The policy with more sources in one directive (the preview's emulator origins, scripts/serve/preview-config.ts). */
export function withSources(policy: string, directive: string, sources: string[]): string {
  return policy
    .split('; ')
    .map((d) => (d.split(' ')[0] === directive ? [d, ...sources].join(' ') : d))
    .join('; ');
}
