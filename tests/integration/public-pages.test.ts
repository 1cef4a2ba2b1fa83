import type { AppLoadContext, createRequestHandler, ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { createPublicPageRenderer } from '#server/public/render.ts';
import { type BuiltServer, startBuiltServer } from '#tests/support/built-server.ts';
import { importServerBuild } from '#tests/support/server-build.ts';

// Public pages are rendered by a shorter way than React Router's document request (server/public/render.ts).
// It must answer exactly what React Router answers, or leave the request to it.
describe('public pages rendered the short way', () => {
  let server: BuiltServer;
  let build: ServerBuild;
  let reactRouter: ReturnType<typeof createRequestHandler>;
  let shortWay: ReturnType<typeof createPublicPageRenderer>;
  const context = { cspNonce: 'test-nonce', clientIp: '127.0.0.1' } as AppLoadContext;

  beforeAll(async () => {
    server = await startBuiltServer('sqlite');
    build = await importServerBuild();
    // Imported once the server has set NODE_ENV=production: React must load in the same mode as the build's renderer.
    reactRouter = (await import('react-router')).createRequestHandler(build, 'production');
    shortWay = (await import('#server/public/render.ts')).createPublicPageRenderer(build);
  });
  afterAll(() => server.close());

  const request = (target: string, init: RequestInit = {}) => new Request(`${server.origin}${target}`, init);
  // The contact form's "started at" field holds the time and a random token: the same in both but for those.
  // The contact form's signed fill time and its submission token are made fresh for every render.
  const comparable = (html: string) =>
    html.replace(/name="(formStarted|submission)" value="[^"]*"/g, (_match, name: string) => `name="${name}" value=""`);

  it.each([
    ['/', {}],
    ['/blog', {}],
    ['/blog/getting-started-with-web-development', {}],
    ['/about', {}],
    ['/Blog/', {}],
    ['/fr', {}],
    ['/fr/blog/premiers-pas-en-developpement-web', {}],
    // A missing translation: the English page at the French URL, with the notice.
    ['/fr/privacy-policy', {}],
    ['/blog', { 'Accept-Language': 'fr-FR,fr;q=0.9' }],
    ['/about', { Cookie: 'lng=fr; atelier_session=not-a-session' }],
  ])('answers %s (%o) as React Router does', async (target, headers) => {
    const ours = await shortWay(request(target, { headers }), context);
    const theirs = await reactRouter(request(target, { headers }), context);
    expect(ours, target).not.toBeNull();
    expect(ours!.status).toBe(theirs.status);
    expect(ours!.headers.get('Content-Type')).toBe(theirs.headers.get('Content-Type'));
    expect(ours!.headers.getSetCookie()).toEqual(theirs.headers.getSetCookie());
    const html = String(ours!.body);
    expect(html).toContain('test-nonce');
    expect(html).not.toContain('window.__reactRouterContext');
    expect(comparable(html)).toBe(comparable(await theirs.text()));
  });

  it('leaves ?lng= to React Router, which answers 301 to the language’s URL', async () => {
    expect(await shortWay(request('/?lng=fr'), context)).toBeNull();
    const theirs = await reactRouter(request('/blog?lng=fr'), context);
    expect(theirs.status).toBe(301);
    expect(theirs.headers.get('Location')).toBe('/fr/blog');
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await shortWay(request('/blog', { method: 'HEAD' }), context);
    expect(head?.status).toBe(200);
    expect(head?.headers.get('Content-Type')).toContain('text/html');
    expect(head!.body).toBe('');
  });

  it.each([
    ['a missing page (404)', '/no-such-page', 'GET'],
    ['a missing article (404)', '/blog/no-such-post', 'GET'],
    ['a page past the last', '/blog?page=999', 'GET'],
    ['the admin', '/admin', 'GET'],
    ['sign-in', '/login', 'GET'],
    ['a feed', '/rss.xml', 'GET'],
    ["an article's view counter", '/blog/getting-started-with-web-development/view', 'GET'],
    ['a data request', '/blog.data', 'GET'],
    ['a theme preview (staff only, never stored)', '/?theme-preview=default', 'GET'],
    ['an index query', '/?index', 'GET'],
    ['a form post', '/', 'POST'],
  ])('leaves %s to React Router', async (_what, target, method) => {
    expect(await shortWay(request(target, { method }), context)).toBeNull();
  });

  it('serves the same page over HTTP to a visitor with a cookie that is not a session (rendered, not cached)', async () => {
    const reply = await server.send('GET', '/about', { headers: { Cookie: 'atelier_session=not-a-session' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['x-cache']).toBeUndefined();
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['content-security-policy']).toMatch(/'nonce-[^']+'/);
    expect(reply.body).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.body));
    const head = await server.send('HEAD', '/about', { headers: { Cookie: 'atelier_session=not-a-session' } });
    expect([head.status, head.body]).toEqual([200, '']);
  });
});
