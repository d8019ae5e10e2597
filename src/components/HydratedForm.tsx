import type { FormHTMLAttributes } from 'react';
import { useHydrated } from './use-hydrated.ts';
import { startsOnIntent } from '../lib/page-loader-triggers.ts';

/**
 * A visitor form on a prerendered page. The HTML shows it before the JavaScript has arrived, and
 * then it could only submit natively (a GET to the same address, the answers in the URL), so its
 * controls stay disabled until the page has hydrated. The form's classes lay out the fieldset,
 * which holds the fields (min-w-0: a fieldset would otherwise refuse to shrink on a phone).
 */
export function HydratedForm({ className = '', children, ...form }: FormHTMLAttributes<HTMLFormElement>) {
  const hydrated = useHydrated();
  // The page's loader starts the app at the visitor's first scroll or pointer movement, not only
  // at a tap: the form is then usually ready by the time the visitor reaches it.
  return (
    <form {...form} {...startsOnIntent(!hydrated)}>
      <noscript>
        <p className="mb-4 text-slate-700">This form needs JavaScript. Turn it on to send it, or email the organisers (see Contact).</p>
      </noscript>
      <fieldset disabled={!hydrated} className={`min-w-0 ${className}`}>
        {children}
      </fieldset>
    </form>
  );
}
