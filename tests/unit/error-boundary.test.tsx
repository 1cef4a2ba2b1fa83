import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useRouteError } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

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
      // Framework mode hands the boundary the error as a prop; a plain data router does not.
      ErrorBoundary: () => <ErrorBoundary error={useRouteError()} params={{}} />,
    },
  ]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  // Only the rendered markup: the harness's hydration script is not what framework mode sends
  // (its production handler replaces error messages before serializing them).
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  return { status: context.statusCode, html };
}

describe('root error boundary', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('shows the fallback text for an unexpected error, without the stack in production', async () => {
    vi.stubEnv('DEV', false);
    const { status, html } = await renderFailing(new Error('database exploded at secret.ts:42'));
    expect(status).toBe(500);
    expect(html).toContain('Unexpected Application Error!');
    expect(html).not.toContain('secret.ts:42');
  });

  it('shows the stack to developers in development', async () => {
    vi.stubEnv('DEV', true);
    expect((await renderFailing(new Error('boom at secret.ts:42'))).html).toContain('secret.ts:42');
  });

  it('shows a not-found page for a 404 and an access-denied page for a 403', async () => {
    expect((await renderFailing(new Response(null, { status: 404 }))).html).toContain('Page not found');
    expect((await renderFailing(new Response(null, { status: 403 }))).html).toContain('Access denied');
  });
});
