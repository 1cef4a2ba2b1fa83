import type * as ReactRouter from 'react-router';
import type { AppLoadContext, EntryContext, ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type * as Internals from '#server/public/react-router.ts';
import { type BuiltServer, startBuiltServer } from '#tests/support/built-server.ts';
import { importServerBuild } from '#tests/support/server-build.ts';

// The React Router internals server/public/react-router.ts relies on (its items 1–5), each checked against what the
// installed React Router does itself: an upgrade that changes one fails here, before the short render drifts from it.
describe("React Router's internals used by the short render", () => {
  let server: BuiltServer;
  let build: ServerBuild;
  let rr: typeof ReactRouter;
  let internals: typeof Internals;
  let publicPageRouteIds: (build: ServerBuild) => Set<string>;
  const context = { cspNonce: 'contract-nonce', clientIp: '127.0.0.1' } as AppLoadContext;

  beforeAll(async () => {
    server = await startBuiltServer('sqlite');
    build = await importServerBuild();
    // Imported once the server has set NODE_ENV=production, as the build's own renderer.
    rr = await import('react-router');
    internals = await import('#server/public/react-router.ts');
    publicPageRouteIds = (await import('#server/public/routes.ts')).publicPageRouteIds;
  });
  afterAll(() => server.close());

  const request = (target: string) => new Request(`${server.origin}${target}`);

  /** The EntryContext React Router's own document request hands the entry (its renderer replaced by a recorder). */
  async function routerEntryContext(target: string): Promise<{ status: number; entryContext: EntryContext }> {
    let recorded: EntryContext | undefined;
    const recording: ServerBuild = {
      ...build,
      entry: {
        module: {
          ...build.entry.module,
          default: (_request: Request, _status: number, headers: Headers, entryContext: EntryContext) => {
            recorded = entryContext;
            return new Response('recorded', { headers });
          },
        },
      },
    };
    const response = await rr.createRequestHandler(recording, 'production')(request(target), context);
    if (!recorded) throw new Error(`React Router answered ${target} with ${response.status} without rendering a document`);
    return { status: response.status, entryContext: recorded };
  }

  it("1. recognises data() as React Router's DataWithResponseInit, and a redirect status as React Router throws it", async () => {
    const redirect = internals.redirectOfData(rr.data(null, { status: 302, headers: { Location: '/elsewhere' } }));
    expect(redirect?.status).toBe(302);
    expect(redirect?.headers.get('Location')).toBe('/elsewhere');
    expect(internals.redirectOfData(rr.data({ ok: true }, { status: 200 }))).toBeNull();
    expect(internals.redirectOfData(rr.data({ ok: true }, { status: 404 }))).toBeNull();
    expect(internals.redirectOfData({ ok: true })).toBeNull();

    // React Router itself answers a page whose loader returns data() with a redirect status with that redirect…
    const page = build.routes['routes/site/page']!;
    const redirecting: ServerBuild = {
      ...build,
      routes: {
        ...build.routes,
        [page.id]: {
          ...page,
          module: { ...page.module, loader: () => rr.data(null, { status: 302, headers: { Location: '/elsewhere' } }) },
        },
      },
    };
    const theirs = await rr.createRequestHandler(redirecting, 'production')(request('/about'), context);
    expect(theirs.status).toBe(302);
    expect(theirs.headers.get('Location')).toBe('/elsewhere');
    // …and so does the document query of the short render.
    const ours = await internals.createDocumentQuery(redirecting, publicPageRouteIds(redirecting))(request('/about'), context);
    expect(ours).toBeInstanceOf(Response);
    expect((ours as Response).status).toBe(302);
    expect((ours as Response).headers.get('Location')).toBe('/elsewhere');
  });

  it('2–4. builds the EntryContext React Router builds, with the same fields, branches and router state, less the hydration data', async () => {
    const { status, entryContext: theirs } = await routerEntryContext('/blog/');
    expect(status).toBe(200);
    const ours = await internals.createDocumentQuery(build, publicPageRouteIds(build))(request('/blog/'), context);
    if (ours instanceof Response) throw new Error('the document query answered with a Response');
    const { entryContext } = ours;

    // The same fields: React Router's, less its hydration data and critical CSS (development only), which these pages never use.
    const hydration = ['criticalCss', 'serverHandoffStream', 'serverHandoffString'];
    expect(Object.keys(theirs).sort()).toEqual([...Object.keys(entryContext), ...hydration].sort());
    // Item 4: the hydration data is there for dropHydrationData to drop.
    expect(theirs.serverHandoffStream).toBeInstanceOf(ReadableStream);
    internals.dropHydrationData(theirs);
    expect(theirs.serverHandoffStream).toBeUndefined();

    // Item 2: the handler's route branches, in the shape React Router gives its own (a subset of its routes).
    const branchIds = (context: EntryContext) =>
      context.branches.map((branch) => branch.routesMeta.map((meta) => meta.route.id).join(' > '));
    expect(branchIds(entryContext).length).toBeGreaterThan(0);
    for (const branch of branchIds(entryContext)) expect(branchIds(theirs)).toContain(branch);

    // Item 3: the router sees the location React Router's document request gives it (no trailing slash).
    expect(entryContext.staticHandlerContext.location).toMatchObject({ pathname: '/blog', search: '', hash: '' });
    expect(entryContext.staticHandlerContext.location).toMatchObject({
      pathname: theirs.staticHandlerContext.location.pathname,
      search: theirs.staticHandlerContext.location.search,
    });
    expect(entryContext.staticHandlerContext.matches.map((match) => match.route.id)).toEqual(
      theirs.staticHandlerContext.matches.map((match) => match.route.id),
    );
    expect(entryContext.staticHandlerContext.statusCode).toBe(theirs.staticHandlerContext.statusCode);
    for (const key of ['future', 'ssr', 'isSpaMode', 'routeDiscovery', 'renderMeta'] as const)
      expect(entryContext[key], key).toEqual(theirs[key]);
    expect(Object.keys(entryContext.manifest).sort()).toEqual(Object.keys(theirs.manifest).sort());
    for (const id of Object.keys(entryContext.manifest.routes))
      expect(entryContext.manifest.routes[id]).toEqual(theirs.manifest.routes[id]);
  });

  it("2. reads the query's encoding of the search as React Router does (?lng=fr&x=a b)", async () => {
    const target = '/fr/a-propos?x=a%20b&lng=fr';
    const { entryContext: theirs } = await routerEntryContext(target);
    const ours = await internals.createDocumentQuery(build, publicPageRouteIds(build))(request(target), context);
    if (ours instanceof Response) throw new Error('the document query answered with a Response');
    expect(ours.entryContext.staticHandlerContext.location.search).toBe(theirs.staticHandlerContext.location.search);
  });

  it("5. merges the document's headers as React Router does (the root's loader headers and cookies)", async () => {
    // ?lng=fr makes the root loader set the language cookie: the headers are the root's `headers` with that cookie.
    const target = '/fr/a-propos?lng=fr';
    const theirs = await rr.createRequestHandler(build, 'production')(request(target), context);
    const ours = await internals.createDocumentQuery(build, publicPageRouteIds(build))(request(target), context);
    if (ours instanceof Response) throw new Error('the document query answered with a Response');
    expect(ours.headers.getSetCookie()).toEqual(theirs.headers.getSetCookie());
    expect(ours.headers.getSetCookie()).toHaveLength(1);
  });
});
