// The attendee's sign-in link (lib/email-link.ts) as the registration pages use it. The module
// brings the Auth SDK, so it is loaded on demand, once the visitor acts or arrives with a link
// (scripts/build/public-imports.ts lets public pages load it that way only).
import { href } from 'react-router';
import type { EmailLinkProblem } from '../../lib/email-link.ts';

export const loadEmailLink = () => import('../../lib/email-link.ts');

const params = (address: string) => {
  try {
    return new URL(address).searchParams;
  } catch {
    return new URLSearchParams();
  }
};

/** Whether the page's address looks like a sign-in link (without the SDK: its parameters); the SDK confirms it. */
export function openedWithSignInLink(address: string = typeof location === 'undefined' ? '' : location.href): boolean {
  const p = params(address);
  return p.get('mode') === 'signIn' && p.has('oobCode');
}

/** Where the register form's link returns to: the form, with the draft's reference and whether it joins the waiting list. */
export const draftLink = (draft: string, waitlist: boolean) => `${href('/register')}?draft=${draft}${waitlist ? '&waitlist=1' : ''}`;

/** What the register form's link carries (draftLink): the draft's reference, and whether it joins the waiting list. */
export function signInLinkParams(address: string = typeof location === 'undefined' ? '' : location.href) {
  const p = params(address);
  const draft = p.get('draft');
  return { draft: draft && /^[A-Za-z0-9_-]{4,128}$/.test(draft) ? draft : null, waitlist: p.get('waitlist') === '1' };
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
