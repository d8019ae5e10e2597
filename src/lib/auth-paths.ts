// The staff sign-in page and the page the links in Firebase Auth's emails open (the project's
// custom action URL). Shared by the app and the local stack, which mails the Auth emulator's links.
import { href } from 'react-router';

export const SIGN_IN_PATH = href('/admin-login');
export const ACTION_PATH = href('/admin-login/action');

/** Where the back office starts, and where sign-in goes when no (acceptable) page was asked for. */
export const ADMIN_HOME = href('/admin');

const SAME_SITE = 'https://same-site.invalid';

/**
 * Where signing in returns to: the back-office page the admin gate was asked for (/admin or a page
 * under it, on this site, with its query and fragment), else /admin. Anything else (another site,
 * `//host`, a backslash, a path that climbs out of /admin with `..`, the sign-in pages, a value
 * that is not a path) is not followed. The path is returned as the browser would resolve it.
 */
export function staffReturnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/')) return ADMIN_HOME;
  let url: URL;
  try {
    url = new URL(from, SAME_SITE);
  } catch {
    return ADMIN_HOME;
  }
  if (url.origin !== SAME_SITE) return ADMIN_HOME;
  if (url.pathname !== ADMIN_HOME && !url.pathname.startsWith(`${ADMIN_HOME}/`)) return ADMIN_HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}
