import { type ReactNode, useEffect, useRef } from 'react';
import { Link, NavLink, href, useLocation } from 'react-router';
import { CHECKOUT_LINK, GET_INVOLVED_LINKS, MY_ABSTRACTS_LINK, MY_REGISTRATION_LINK, PUBLIC_LINKS } from '../../content/links.ts';

/**
 * The phone menu: every destination once. "Get Involved" repeats Partnerships and Contact under
 * other names, and Register is the button below the list.
 */
export const MOBILE_LINKS = [...PUBLIC_LINKS, ...GET_INVOLVED_LINKS].filter(
  (l, i, all) => l.to !== href('/register') && all.findIndex((o) => o.to === l.to) === i,
);

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 font-medium hover:text-brand-700 ${isActive ? 'text-brand-700 underline underline-offset-8' : 'text-slate-800'}`;

/**
 * Both header menus are native disclosures, `<details>` and `<summary>`, so a tap opens them at
 * once with no script at all (public pages load the app only at a visitor's tap elsewhere:
 * scripts/build/page-loader.ts). Chosen over `popover`, which would give Escape and light dismiss for
 * free, because:
 * - `popover` needs Chrome 114, Safari 17 or Firefox 125: in an older Android WebView, on iOS 16 or
 *   in Opera Mini the menu would never open until the app ran (and Opera Mini never runs it);
 *   `<details>` opens everywhere, and screen readers announce its expanded or collapsed state;
 * - its invoker is a `<button popovertarget>`, and the page loader holds a button's tap until the
 *   app has hydrated: the tap would open nothing until then, which is what this avoids;
 * - a popover sits in the top layer, placed against the viewport: keeping the panel under the
 *   header (or under its button) needs CSS anchor positioning, which few browsers have, or script.
 * The open state stays the DOM's own and is never rendered from React state: the visitor may have
 * opened a menu before the app hydrated, and hydration must leave it open. Once the app runs,
 * `useMenuDismissal` adds what `popover` would have given: Escape, a tap outside, navigation.
 * Links inside stay links (`<a href>`), so before the app runs they load the page they name.
 */
function useMenuDismissal() {
  const ref = useRef<HTMLDetailsElement>(null);
  // Every navigation has a new key, even to the page already shown (Contact Us on /contact).
  const { key } = useLocation();
  const shownAt = useRef(key);
  useEffect(() => {
    if (shownAt.current === key) return; // hydration, or a re-render: not a navigation
    shownAt.current = key;
    ref.current!.open = false;
  }, [key]);
  useEffect(() => {
    const details = ref.current!;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      // Focus goes back to the summary, unless the visitor had moved it elsewhere on the page.
      const focus = document.activeElement;
      const refocus = !focus || focus === document.body || details.contains(focus);
      details.open = false;
      if (refocus) details.querySelector('summary')!.focus();
    };
    // pointerdown, as a popover's light dismiss: iOS Safari sends no click to the document for a
    // tap on something that is not itself clickable.
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);
  return ref;
}

/**
 * The summary looks and acts as a button: a pointer cursor, centred text as a button's (it wraps
 * at some widths), the focus ring every focusable element has (app.css), and no disclosure
 * triangle (`::marker` in Chrome and Firefox, Safari's own pseudo-element). No role="button":
 * browsers already expose a summary as a disclosure button with its expanded state, and the page
 * loader must not hold its tap (it holds buttons' taps).
 */
const SUMMARY = 'cursor-pointer list-none text-center [&::-webkit-details-marker]:hidden';

/**
 * One header menu. Both share a name, so opening one closes the other natively (an exclusive
 * group: they are at different widths, but a resized window may show both).
 */
function HeaderMenu({
  className,
  summaryClassName,
  summary,
  children,
}: {
  className: string;
  summaryClassName: string;
  summary: ReactNode;
  children: ReactNode;
}) {
  const ref = useMenuDismissal();
  return (
    // A visitor may open it before the app runs: its `open` then differs from the render, and is theirs to keep.
    <details ref={ref} name="site-header-menu" className={className} suppressHydrationWarning>
      <summary className={`${SUMMARY} ${summaryClassName}`}>{summary}</summary>
      {children}
    </details>
  );
}

function GetInvolvedMenu() {
  return (
    <HeaderMenu
      className="relative"
      summaryClassName="rounded px-2 py-1 font-medium text-slate-800 hover:text-brand-700"
      summary={
        <>
          Get Involved <span aria-hidden="true">▾</span>
        </>
      }
    >
      <ul className="absolute right-0 z-20 mt-2 w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
        {GET_INVOLVED_LINKS.map((l) => (
          <li key={l.label}>
            <Link className="block px-4 py-2 hover:bg-brand-50" to={l.to}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </HeaderMenu>
  );
}

function MobileMenu() {
  // The panel is placed against the header (relative), the full width under it.
  return (
    <HeaderMenu className="md:hidden" summaryClassName="rounded border border-slate-300 px-3 py-2 font-medium" summary="Menu">
      <nav aria-label="Mobile" className="absolute inset-x-0 top-full z-20 border-b border-slate-200 bg-white shadow-lg">
        <ul className="container-page flex flex-col gap-1 py-3">
          {MOBILE_LINKS.map((l) => (
            <li key={l.label}>
              <NavLink className={linkClass} to={l.to} end={l.to === href('/')}>
                {l.label}
              </NavLink>
            </li>
          ))}
          <li className="pt-2">
            <Link className="btn-primary w-full" to={href('/register')}>
              Register Now
            </Link>
          </li>
          <li>
            <NavLink className={linkClass} to={MY_REGISTRATION_LINK.to}>
              {MY_REGISTRATION_LINK.label}
            </NavLink>
          </li>
          <li>
            <NavLink className={linkClass} to={MY_ABSTRACTS_LINK.to}>
              {MY_ABSTRACTS_LINK.label}
            </NavLink>
          </li>
          <li>
            <NavLink className={linkClass} to={CHECKOUT_LINK.to}>
              {CHECKOUT_LINK.label}
            </NavLink>
          </li>
        </ul>
      </nav>
    </HeaderMenu>
  );
}

export function SiteHeader({ summitName }: { summitName: string }) {
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to={href('/')} className="font-bold text-brand-700">
          {summitName}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {PUBLIC_LINKS.map((l) => (
            <NavLink key={l.to} className={linkClass} to={l.to} end={l.to === href('/')}>
              {l.label}
            </NavLink>
          ))}
          <GetInvolvedMenu />
          <NavLink className={linkClass} to={MY_REGISTRATION_LINK.to}>
            {MY_REGISTRATION_LINK.label}
          </NavLink>
        </nav>
        <MobileMenu />
      </div>
    </header>
  );
}
