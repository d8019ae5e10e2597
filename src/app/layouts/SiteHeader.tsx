import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CHECKOUT_LINK, GET_INVOLVED_LINKS, MY_REGISTRATION_LINK, PUBLIC_LINKS } from '../../content/site.ts';

/**
 * The phone menu: every destination once. "Get Involved" repeats Partnerships and Contact under
 * other names, and Register is the button below the list.
 */
export const MOBILE_LINKS = [...PUBLIC_LINKS, ...GET_INVOLVED_LINKS].filter((l, i, all) => l.to !== '/register' && all.findIndex((o) => o.to === l.to) === i);

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 font-medium hover:text-brand-700 ${isActive ? 'text-brand-700 underline underline-offset-8' : 'text-slate-800'}`;

/** A disclosure that closes on Escape, on outside click and on navigation. */
function useDisclosure() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname, location.hash]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);
  return { open, setOpen, ref };
}

function GetInvolvedMenu() {
  const { open, setOpen, ref } = useDisclosure();
  const id = useId();
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        className="rounded px-2 py-1 font-medium text-slate-800 hover:text-brand-700"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        Get Involved <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id={id} className="absolute right-0 z-20 mt-2 w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          {GET_INVOLVED_LINKS.map((l) => (
            <li key={l.label}>
              <Link className="block px-4 py-2 hover:bg-brand-50" to={l.to}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function MobileMenu() {
  const { open, setOpen, ref } = useDisclosure();
  const id = useId();
  return (
    <div className="md:hidden" ref={ref}>
      <button
        type="button"
        className="rounded border border-slate-300 px-3 py-2 font-medium"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        Menu
      </button>
      {open && (
        <nav id={id} aria-label="Mobile" className="absolute inset-x-0 top-full z-20 border-b border-slate-200 bg-white shadow-lg">
          <ul className="container-page flex flex-col gap-1 py-3">
            {MOBILE_LINKS.map((l) => (
              <li key={l.label}>
                <NavLink className={linkClass} to={l.to} end={l.to === '/'}>
                  {l.label}
                </NavLink>
              </li>
            ))}
            <li className="pt-2">
              <Link className="btn-primary w-full" to="/register">
                Register Now
              </Link>
            </li>
            <li>
              <NavLink className={linkClass} to={MY_REGISTRATION_LINK.to}>
                {MY_REGISTRATION_LINK.label}
              </NavLink>
            </li>
            <li>
              <NavLink className={linkClass} to={CHECKOUT_LINK.to}>
                {CHECKOUT_LINK.label}
              </NavLink>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}

export function SiteHeader({ summitName }: { summitName: string }) {
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="font-bold text-brand-700">
          {summitName}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {PUBLIC_LINKS.map((l) => (
            <NavLink key={l.to} className={linkClass} to={l.to} end={l.to === '/'}>
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
