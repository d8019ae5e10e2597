// Server rendering happens only at build time here (ssr: false): it is the prerender. So every
// render first reads the page's data (prerender-data.ts) and React's `prerenderToNodeStream` waits
// for everything that suspends before it writes: finished HTML, with no streamed placeholders that
// only a script could reveal. React hoists each page's <title> and <meta> into <head>. The data it
// read goes into the page (lib/prerendered-queries.ts) so the browser hydrates with the same data
// and then reads it again, and so does the content version the page's loader compares
// (lib/page-loader.ts).
import { text } from 'node:stream/consumers';
import { prerenderToNodeStream } from 'react-dom/static';
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
  let failed: unknown = null;
  const { prelude } = await prerenderToNodeStream(
    <PrerenderQueryClient.Provider value={queries}>
      <ServerRouter context={routerContext} url={request.url} />
    </PrerenderQueryClient.Provider>,
    {
      // Never outlined: React moves a large Suspense boundary's content (the register form) to the
      // end of the page, hidden, with an inline script to put it in place, which a page read
      // before its scripts run (or without them) would never show.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: AbortSignal.timeout(streamTimeout + 1_000),
      onError(error) {
        failed = error;
        console.error(error);
      },
    },
  );
  const html = await text(prelude);
  const carried = (queries.getQueryCache().getAll().length ? prerenderedQueriesTag(queries) : '') + (loaderConfig ? pageLoaderConfigTag(loaderConfig) : '');
  headers.set('Content-Type', 'text/html');
  // A failed read would bake a loading state or an error into the page: the build stops instead (500).
  return new Response(html.replace('</body>', `${carried}</body>`), { headers, status: failed ? 500 : status });
}
