// An attendee's sign-in link (email-link.ts) as the public pages use it. That module brings the
// Auth SDK, so it is loaded on demand, once the visitor acts or arrives with a link
// (scripts/build/public-imports.ts lets public pages load it that way only).
import type { EmailLinkProblem } from './email-link.ts';

export const loadEmailLink = () => import('./email-link.ts');

/** The search parameters of a page's address (none when it is not one). */
export function addressParams(address: string): URLSearchParams {
  try {
    return new URL(address).searchParams;
  } catch {
    return new URLSearchParams();
  }
}

/** Whether the page's address looks like a sign-in link (without the SDK: its parameters); the SDK confirms it. */
export function openedWithSignInLink(address: string = typeof location === 'undefined' ? '' : location.href): boolean {
  const p = addressParams(address);
  return p.get('mode') === 'signIn' && p.has('oobCode');
}

/** What went wrong with a link, told to the attendee with what to do next. */
export function emailLinkProblemText(problem: EmailLinkProblem): string {
  switch (problem) {
    case 'expired-or-used':
      return 'This sign-in link has expired or was already used. Ask for a new one.';
    case 'wrong-email':
      return 'That is not the address the link was sent to. Enter the address you asked for the link with.';
    case 'too-many-attempts':
      return 'Too many sign-in attempts from this browser. Wait a few minutes, then try again.';
    case 'network':
      return 'We could not reach the sign-in service. Check your connection and try again.';
    default:
      return 'We could not sign you in with this link. Ask for a new one.';
  }
}
