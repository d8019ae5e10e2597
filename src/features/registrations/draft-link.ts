// The register form's sign-in link: it returns to the form with the draft it was asked from
// (the link itself is lib/sign-in-link.ts's, as every public page's).
import { href } from 'react-router';
import { addressParams } from '../../lib/sign-in-link.ts';

/** Where the register form's link returns to: the form, with the draft's reference and whether it joins the waiting list. */
export const draftLink = (draft: string, waitlist: boolean) => `${href('/register')}?draft=${draft}${waitlist ? '&waitlist=1' : ''}`;

/** What the register form's link carries (draftLink): the draft's reference, and whether it joins the waiting list. */
export function signInLinkParams(address: string = typeof location === 'undefined' ? '' : location.href) {
  const p = addressParams(address);
  const draft = p.get('draft');
  return { draft: draft && /^[A-Za-z0-9_-]{4,128}$/.test(draft) ? draft : null, waitlist: p.get('waitlist') === '1' };
}
