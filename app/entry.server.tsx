import { PassThrough } from 'node:stream';

import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';

import { DebugTimingsProvider } from '#app/lib/debug-timings-context.tsx';
import { NonceProvider } from '#app/lib/nonce.tsx';
import { RENDER_MS_PLACEHOLDER, serverTimingHeader } from '#app/lib/server-timings.ts';
import { isStaticPage } from '#app/lib/static-pages.ts';
import { recordRender, requestTimingSnapshot } from '#app/services/debug/request-timings.server.ts';

export const streamTimeout = 5_000;

function staticPage(context: EntryContext): boolean {
  const { matches, loaderData } = context.staticHandlerContext;
  return isStaticPage(matches.map((match) => ({ id: match.route.id, data: loaderData[match.route.id] })));
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Empty for pages rendered for the HTML cache: their inline scripts are allowed by hash instead.
  const nonce = loadContext.cspNonce || undefined;
  // Public pages are not hydrated: no loader data is serialised into them, and (their data being
  // all loaded already) they are rendered whole and sent as one buffer rather than streamed in pieces.
  const whole = staticPage(routerContext);
  // server/public-pages.ts renders these pages without it; when React Router's own document request did (an error
  // page), the loader data is already encoded: left unread rather than cancelled, which makes its later writes throw.
  if (whole) routerContext.serverHandoffStream = undefined;
  // Debug Mode (an administrator's request): the loaders are done, so the database figures are complete.
  const renderStart = performance.now();
  const timings = requestTimingSnapshot();
  const addServerTiming = () => {
    recordRender(performance.now() - renderStart);
    const snapshot = requestTimingSnapshot();
    if (snapshot) responseHeaders.set('Server-Timing', serverTimingHeader(snapshot));
    return snapshot?.renderMs ?? 0;
  };
  if (whole) {
    // No Suspense boundary is left waiting (loader data is all in, nothing streams): a synchronous
    // render to one string skips the streaming renderer's bookkeeping.
    let html = renderToString(
      <NonceProvider value={nonce ?? ''}>
        {/* Only unhydrated pages get the server-rendered panel: the browser could not render it again. */}
        <DebugTimingsProvider value={timings}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </DebugTimingsProvider>
      </NonceProvider>,
    );
    if (timings) html = html.replace(RENDER_MS_PLACEHOLDER, String(Math.round(addServerTiming() * 10) / 10));
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    // Bytes, not the string: a string body is checked character by character for lone surrogates first.
    return new Response(Buffer.from(`<!DOCTYPE html>${html}`), { headers: responseHeaders, status: responseStatusCode });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and SPA-mode wait for all content; browsers get the shell as soon as it is ready.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ''}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          if (timings) addServerTiming();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are reported by onShellError; log later ones here.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** A client navigation's data request: Debug Mode's figures for its loaders (nothing is rendered). */
export function handleDataRequest(response: Response): Response {
  const snapshot = requestTimingSnapshot();
  if (!snapshot) return response;
  // A copy: a redirect's headers may be immutable.
  const timed = new Response(response.body, response);
  timed.headers.set('Server-Timing', serverTimingHeader(snapshot));
  return timed;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests (a visitor navigating away) are not errors.
  if (request.signal.aborted) return;
  console.error(error);
}
