// The headers the preview server sends: firebase.json's, matched to a path as Hosting matches them
// (every rule whose glob matches, in order, a later one replacing an earlier one's header), so
// `npm start` and the e2e run browse under the policy production enforces.
import { readFirebaseJson } from '../build/hosting-config.ts';
import { withSources, type HostingHeader } from '../build/security-headers.ts';

/** A Hosting glob as a RegExp: `**` any run of segments, `*` one segment's characters. */
export function globPattern(glob: string): RegExp {
  const slashed = glob.startsWith('/') ? glob : `/${glob}`; // Hosting reads "**" as "/**"
  const body = slashed
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

/** The headers Hosting sends for a path. */
export function headersFor(pathname: string, rules: HostingHeader[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) if (globPattern(rule.source).test(pathname)) for (const { key, value } of rule.headers) out[key] = value;
  return out;
}

/**
 * firebase.json's header rules, the Content-Security-Policy's connect-src widened by the local
 * emulators' origins (firebase.json's `emulators`): a build made without a production project talks
 * to them (src/lib/env.ts) instead of firestore.googleapis.com and identitytoolkit.googleapis.com.
 * Nothing else differs from what Hosting sends.
 */
export function previewHeaderRules(config = readFirebaseJson()): HostingHeader[] {
  const emulators = ['firestore', 'auth'].map((name) => `http://${config.emulators[name].host}:${config.emulators[name].port}`);
  return (config.hosting.headers as HostingHeader[]).map((rule) => ({
    source: rule.source,
    headers: rule.headers.map((h) => (h.key === 'Content-Security-Policy' ? { key: h.key, value: withSources(h.value, 'connect-src', emulators) } : h)),
  }));
}
