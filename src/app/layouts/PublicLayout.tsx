import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';
import { DEFAULT_SETTINGS } from '../../content/site.ts';
import { useSiteSettings } from '../../data/site-settings.ts';
import { rememberLocation } from '../../lib/geo.ts';

/**
 * /about#speakers, /partnerships#register: scroll to the section once the page has rendered it,
 * which for sections that wait on data can be a moment after navigation.
 */
function useHashScroll() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const reveal = () => {
      const el = document.getElementById(id);
      el?.scrollIntoView();
      return !!el;
    };
    if (reveal()) return;
    const observer = new MutationObserver(() => reveal() && observer.disconnect());
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [hash, pathname]);
}

export default function PublicLayout() {
  const { data: settings = DEFAULT_SETTINGS } = useSiteSettings();
  useHashScroll();
  useEffect(() => {
    void rememberLocation();
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader summitName={settings.summitName} />
      {/* At least a screen tall, so the footer starts below the fold and does not jump when a
          page's data arrives (layout shift). */}
      <main id="main" className="min-h-screen flex-1">
        <Outlet />
      </main>
      <SiteFooter settings={settings} />
    </div>
  );
}
