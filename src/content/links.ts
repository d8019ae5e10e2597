// The site's menus: the header's, the phone's and the footer's, and the two links a visitor comes
// back by. Each address is href()'s, so a renamed or removed route fails the typecheck. Kept apart
// from site.ts, whose defaults the scheduled functions' bundle reads: that bundle installs no
// react-router (functions/src/bundle.test.ts).
import { href } from 'react-router';

export const PUBLIC_LINKS = [
  { to: href('/'), label: 'Home' },
  { to: href('/about'), label: 'About' },
  { to: href('/program'), label: 'Programme' },
  { to: href('/partnerships'), label: 'Partnerships' },
  { to: href('/resources'), label: 'Resources' },
  { to: href('/contact'), label: 'Contact' },
  { to: href('/register'), label: 'Register' },
] as const;

/** Where authors read the call for abstracts, and where they write and follow theirs. */
export const ABSTRACTS_LINK = { to: href('/abstracts'), label: 'Call for abstracts' } as const;
export const MY_ABSTRACTS_LINK = { to: href('/my-abstracts'), label: 'My abstracts' } as const;

export const GET_INVOLVED_LINKS = [
  { to: href('/partnerships'), label: 'Partner With Us' },
  ABSTRACTS_LINK,
  { to: href('/contact'), label: 'Contact Us' },
] as const;

/** Where a returning registrant or applicant pays, or finds their e-ticket. */
export const CHECKOUT_LINK = { to: href('/checkout'), label: 'Pay or view my ticket' } as const;

/** Where an attendee signs in by email to see, pay for or cancel their registration and their waiting-list place. */
export const MY_REGISTRATION_LINK = { to: href('/my-registration'), label: 'My registration' } as const;

export const FOOTER_LINKS = [
  { to: href('/about'), label: 'About the summit' },
  { to: href('/program'), label: 'Programme' },
  { to: href('/register'), label: 'Register' },
  CHECKOUT_LINK,
  ABSTRACTS_LINK,
  MY_ABSTRACTS_LINK,
  { to: href('/abstract-book'), label: 'Abstract book' },
  { to: href('/partnerships'), label: 'Partnerships' },
  { to: href('/events'), label: 'Events' },
  { to: href('/faq'), label: 'FAQ' },
  { to: href('/donate'), label: 'Donate' },
] as const;

/** The institute's pages beyond the summit. */
export const INSTITUTE_LINKS = [
  { to: href('/services'), label: 'Cancer services' },
  { to: href('/resources'), label: 'Resources' },
  { to: href('/research'), label: 'Research' },
  { to: href('/awareness'), label: 'Awareness' },
  { to: href('/blogs'), label: 'News and blogs' },
  { to: href('/work-with-us'), label: 'Work with us' },
  { to: href('/careers'), label: 'Careers' },
  { to: href('/tenders'), label: 'Tenders' },
] as const;

export const LEGAL_LINKS = [
  { to: href('/privacy-policy'), label: 'Privacy Policy' },
  { to: href('/terms-and-conditions'), label: 'Terms and conditions' },
] as const;
