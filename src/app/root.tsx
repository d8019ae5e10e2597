import '../lib/zod-jitless.ts'; // first: before any route module loads Zod
import { QueryClientProvider } from '@tanstack/react-query';
import { useContext, useEffect, useState, type ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useParams, type MetaFunction } from 'react-router';
import type { Route } from './+types/root';
import { guardRouterReloads, isChunkLoadError, shouldReloadForChunkError } from '../lib/chunk-reload.ts';
import { countOutboundLinks, pageviewUrl, trackPageview } from '../lib/analytics.ts';
import { startAppCheck } from '../lib/app-check.ts';
import { ErrorPage } from '../components/ErrorPage.tsx';
import { browserQueryClient, PrerenderQueryClient } from '../lib/prerendered-queries.ts';
import { announceHydrated } from '../lib/page-loader.ts';
import { CRITICAL_CSS_ID } from '../lib/critical-css.ts';
import './app.css';

// React Router's own reload after a route module fails to load obeys the app's 10 s guard too.
if (typeof window !== 'undefined') guardRouterReloads();

export const meta: MetaFunction = () => [
  { title: 'National Cancer Summit' },
  { name: 'description', content: 'The national summit on cancer prevention, early detection, treatment and care.' },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        {/* Filled by the build with the rules this page uses (lib/critical-css.ts). */}
        <style id={CRITICAL_CSS_ID} dangerouslySetInnerHTML={{ __html: '' }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5757" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function usePageviews() {
  const location = useLocation();
  const params = useParams();
  useEffect(() => {
    trackPageview(pageviewUrl(window.location.origin, location.pathname, location.search, params));
    // The params belong to the same navigation as the path: no need to track them apart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.search]);
  useEffect(() => countOutboundLinks(), []);
}

export default function App() {
  // One cache per browser session; settings and lists are reused across navigations. It starts
  // with what the build read for this page; while prerendering it is entry.server's client.
  const prerender = useContext(PrerenderQueryClient);
  const [queryClient] = useState(() => prerender ?? browserQueryClient());
  usePageviews();
  useEffect(() => {
    announceHydrated();
    // Once the app runs, its Firestore requests carry an App Check token (when configured).
    void startAppCheck();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

export function HydrateFallback() {
  return <p className="p-8 text-slate-600">Loading…</p>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const chunkFailed = isChunkLoadError(error);
  useEffect(() => {
    if (chunkFailed && shouldReloadForChunkError(sessionStorage)) window.location.reload();
  }, [chunkFailed]);
  if (isRouteErrorResponse(error) && error.status === 404)
    return <ErrorPage title="Page Not Found" message="The page you are looking for does not exist or has moved." />;
  return <ErrorPage title="Internal Server Error" message="Something went wrong on our side. Please try again in a moment." />;
}
