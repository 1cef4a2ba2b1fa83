import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary } from '#app/root.tsx';

/** Renders on the server, as a request would, a route whose loader fails with `error`. */
async function renderFailing(error: unknown) {
  const handler = createStaticHandler([
    {
      path: '/',
      loader: () => {
        throw error;
      },
      Component: () => null,
      ErrorBoundary: ErrorBoundary as never,
    },
  ]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return { status: context.statusCode, html: renderToString(<StaticRouterProvider router={router} context={context} />) };
}

describe('root error boundary', () => {
  it('shows the fallback text for an unexpected error, without the stack in production', async () => {
    const { status, html } = await renderFailing(new Error('database exploded at secret.ts:42'));
    expect(status).toBe(500);
    expect(html).toContain('Unexpected Application Error!');
    if (!import.meta.env.DEV) expect(html).not.toContain('secret.ts:42');
  });

  it('shows a not-found page for a 404 and an access-denied page for a 403', async () => {
    expect((await renderFailing(new Response(null, { status: 404 }))).html).toContain('Page not found');
    expect((await renderFailing(new Response(null, { status: 403 }))).html).toContain('Access denied');
  });
});
