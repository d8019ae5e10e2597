// Server rendering happens only at build time here (ssr: false): it is the prerender. So every
// render waits for all its data (onAllReady) and writes finished HTML, with no streamed
// placeholders that only a script could reveal: a prerendered article reads without JavaScript.
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

/** How long a page's data may take at build time before its render is abandoned. */
export const streamTimeout = 10_000;

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    let failed: unknown = null;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timer);
            callback();
          },
        });
        headers.set('Content-Type', 'text/html');
        pipe(body);
        // A failed read would bake a loading state into the page: the build stops instead (500).
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status: failed ? 500 : status }));
      },
      onShellError: reject,
      onError(error) {
        failed = error;
        console.error(error);
      },
    });
    const timer = setTimeout(abort, streamTimeout + 1_000);
  });
}
