import { PassThrough } from 'node:stream';

import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';

import { injectCode } from '#app/lib/code-injection.ts';
import { DebugTimingsProvider } from '#app/lib/debug-timings-context.tsx';
import { NonceProvider } from '#app/lib/nonce.tsx';
import { RENDER_MS_PLACEHOLDER, serverTimingHeader } from '#app/lib/server-timings.ts';
import { isStaticPage } from '#app/lib/static-pages.ts';
import type { CodeInjection } from '#app/schemas/code-injection.ts';
import { recordRender, requestTimingSnapshot } from '#app/services/debug/request-timings.server.ts';
import { dropHydrationData } from '#server/public/react-router.ts';

export const streamTimeout = 5_000;

function staticPage(context: EntryContext): boolean {
  return isStaticPage(context.staticHandlerContext.matches.map((match) => match.route));
}

/** Debug Mode: records the render's time and sets the request's Server-Timing; returns the render's milliseconds. */
function addServerTiming(renderStart: number, responseHeaders: Headers): number {
  recordRender(performance.now() - renderStart);
  const snapshot = requestTimingSnapshot();
  if (snapshot) responseHeaders.set('Server-Timing', serverTimingHeader(snapshot));
  return snapshot?.renderMs ?? 0;
}

/**
 * Settings → Code Injection (docs/decisions/034): the site layout's snippets at the end of the head and of the body,
 * their scripts carrying this response's nonce (a page stored in the HTML cache then allows them by hash, like the
 * app's own), and their sources added to this response's Content Security Policy.
 */
function withCodeInjection(html: string, routerContext: EntryContext, loadContext: AppLoadContext, nonce: string): string {
  const layout = routerContext.staticHandlerContext.loaderData['routes/site/layout'] as { codeInjection?: CodeInjection } | undefined;
  const code = layout?.codeInjection;
  if (!code || (!code.head && !code.footer)) return html;
  if (code.scriptSources.length) loadContext.allowScriptSources?.(code.scriptSources);
  return injectCode(html, code, nonce);
}

/**
 * A public page as one string (server/public/render.ts sends it as is): no Suspense boundary is left
 * waiting (its loader data is all in, nothing streams), so a synchronous render skips the streaming
 * renderer's bookkeeping. Sets the Content-Type, and Debug Mode's Server-Timing, on `responseHeaders`.
 */
export function renderWholeDocument(
  request: Request,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): string {
  // Empty for pages rendered for the HTML cache: their inline scripts are allowed by hash instead.
  const nonce = loadContext.cspNonce || undefined;
  // Debug Mode (an administrator's request): the loaders are done, so the database figures are complete.
  const renderStart = performance.now();
  const timings = requestTimingSnapshot();
  let html = renderToString(
    <NonceProvider value={nonce ?? ''}>
      {/* Only unhydrated pages get the server-rendered panel: the browser could not render it again. */}
      <DebugTimingsProvider value={timings}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DebugTimingsProvider>
    </NonceProvider>,
  );
  if (timings) html = html.replace(RENDER_MS_PLACEHOLDER, String(Math.round(addServerTiming(renderStart, responseHeaders) * 10) / 10));
  html = withCodeInjection(html, routerContext, loadContext, nonce ?? '');
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return `<!DOCTYPE html>${html}`;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Public pages are not hydrated: no loader data is serialised into them, and they are rendered whole.
  if (staticPage(routerContext)) {
    // server/public/render.ts renders most of them without React Router's document request; when it did render
    // one (an error page), the loader data is already encoded: left unread rather than cancelled, which makes its
    // later writes throw.
    dropHydrationData(routerContext);
    const html = renderWholeDocument(request, responseHeaders, routerContext, loadContext);
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }
  const nonce = loadContext.cspNonce || undefined;
  const timings = requestTimingSnapshot();
  const renderStart = performance.now();
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
          if (timings) addServerTiming(renderStart, responseHeaders);
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
