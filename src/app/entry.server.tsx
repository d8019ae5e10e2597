// Server rendering happens only at build time here (ssr: false): it is the prerender. So every
// render first reads the page's data (prerender-data.ts), waits for anything that suspends
// (onAllReady) and writes finished HTML, with no streamed placeholders that only a script could
// reveal; the data it read goes into the page (lib/prerendered-queries.ts) so the browser hydrates
// with the same data and then reads it again, and so does the content version the page's loader
// compares (lib/page-loader.ts).
import { renderToStringAsync } from 'preact-render-to-string';
import { ServerRouter, type EntryContext } from 'react-router';
import { createQueryClient, PrerenderQueryClient, prerenderedQueriesTag } from '../lib/prerendered-queries.ts';
import { pageLoaderConfigTag } from '../lib/page-loader.ts';
import { pageLoaderConfig } from './page-loader-config.ts';
import { prefetchPageData } from './prerender-data.ts';

/** How long a page's data may take at build time before its render is abandoned. */
export const streamTimeout = 10_000;

export default async function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  const queries = createQueryClient();
  // The SPA fallback (admin, checkout, articles newer than the build) has no content of its own:
  // without a config, its loader starts the app at once.
  const loaderConfig = routerContext.isSpaMode ? null : await pageLoaderConfig();
  await prefetchPageData(queries, new URL(request.url).pathname);
  const rendered = await renderToStringAsync(
    <PrerenderQueryClient.Provider value={queries}>
      <ServerRouter context={routerContext} url={request.url} />
    </PrerenderQueryClient.Provider>,
  );
  // React Router marks its scripts suppressHydrationWarning, a React-only prop Preact's renderer
  // writes out as an attribute.
  const html = rendered.replace(/ suppressHydrationWarning(="")?/g, '');
  const carried = (queries.getQueryCache().getAll().length ? prerenderedQueriesTag(queries) : '') + (loaderConfig ? pageLoaderConfigTag(loaderConfig) : '');
  headers.set('Content-Type', 'text/html');
  return new Response(`<!DOCTYPE html>${html.replace('</body>', `${carried}</body>`)}`, { headers, status });
}
