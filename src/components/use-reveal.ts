import { useEffect, useRef } from 'react';

/**
 * Brings the outcome of a form into view and gives it focus once it appears: on a phone the form
 * that was submitted may be a screen away, and without this nothing visible says it worked, so
 * people submit again. Focus moves a screen reader there too. Put the ref on a heading or alert
 * with tabIndex={-1}.
 */
export function useReveal<T extends HTMLElement>(when: unknown = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!when || !el) return;
    el.focus({ preventScroll: true });
    // jsdom has no scrollIntoView; every browser does.
    const smooth = typeof matchMedia === 'function' && !matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView?.({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  }, [when]);
  return ref;
}
