import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { NonceContext } from './lib/nonce';
import { readSsrContext } from './lib/ssr-context';

// The api server finds the key of its per-request context here, on the build's entry module.
export { ssrContextKey } from './lib/ssr-context';

/** Streams give up after this long; the rest of the page then renders in the browser. */
export const streamTimeout = 5_000;

/**
 * Document rendering. Players get the shell as soon as it is ready (streaming); crawlers get the
 * complete page in one go (`onAllReady`), so everything they index is in the first response.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD')
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  const ssr = readSsrContext(loadContext);
  // The response's Content-Security-Policy allows inline scripts with this nonce only: React
  // Router's context and module scripts, and React's streaming scripts, all carry it.
  const nonce = ssr?.nonce;
  const isBot = ssr?.isBot ?? isbot(request.headers.get('user-agent') ?? '');
  const readyOption: keyof RenderToPipeableStreamOptions =
    isBot || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ''}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject above and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
