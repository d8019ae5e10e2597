import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { DEFAULT_SETTINGS } from '../../content/site.ts';
import { useSiteSettings } from '../../features/settings/api.ts';
import { rememberLocation } from '../../lib/geo.ts';

/** /about#speakers: scroll to the section once the page has rendered it. */
function useHashScroll() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    el?.scrollIntoView();
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
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <SiteHeader summitName={settings.summitName} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter settings={settings} />
    </div>
  );
}
