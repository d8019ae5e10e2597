import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has scrolled into view (and from then on). Sections below the fold fetch
 * their data only then, so a visitor who reads the top of a page spends no reads, and no mobile
 * data, on what they never see. Without IntersectionObserver it is true at once.
 */
export function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    // Some way into the screen, not its very edge: a section merely touching the bottom edge is
    // not yet being read.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -64px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}
