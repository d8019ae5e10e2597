import { Link } from 'react-router';
import { MY_REGISTRATION_LINK } from '../../content/links.ts';

/** The link to "my registration" that the register page's messages end with. */
export const MyRegistrationLink = ({ children = MY_REGISTRATION_LINK.label }: { children?: string }) => (
  <Link className="text-brand-700 underline" to={MY_REGISTRATION_LINK.to}>
    {children}
  </Link>
);
