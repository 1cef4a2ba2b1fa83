import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { httpsGet, NGINX, startDocumentedNginx } from '#tests/support/documented-nginx.ts';
import {
  freePort,
  isSaved,
  queryData,
  savePost,
  type ServerProcess,
  signInProcessAdmin,
  startServerProcess,
} from '#tests/support/server-process.ts';

// A caching proxy in front stays honest (decision 022, "Shared caches"): docs/deploy/nginx.conf as documented, run by
// Debian's nginx in front of the built server. Nothing purges nginx's cache on a write; Atelier's Cache-Control
// (s-maxage=1, stale-while-revalidate=1) alone makes an edit show through it within the documented bound.

/**
 * The documented bound through nginx: fresh for 1 s and stale for 1 s more while one request refreshes it, which
 * nginx counts in whole seconds (a page stored at 10.9 s is fresh until 12 s, and may be served stale until 13 s).
 */
const BOUND_MS = 3_000;

describe.runIf(existsSync(NGINX))('nginx proxy_cache in front, as documented', () => {
  let server: ServerProcess;
  let nginx: ChildProcess;
  let port: number;
  let dataDir: string;
  let cookie: string;
  let post: { id: string; slug: string; categoryId: string; version: number };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-proxy-cache-'));
    server = startServerProcess({ port: await freePort(), dataDir, env: { ALLOWED_HOSTS: '127.0.0.1' } });
    await server.listening;
    cookie = await signInProcessAdmin(server.port);
    const [category] = await queryData({ dataDir }, 'select id from categories order by name limit 1');
    const created = await savePost(server.port, cookie, {
      title: 'Proxy honest',
      slug: 'proxy-honest',
      content: '<p>First.</p>',
      categoryId: String(category!.id),
    });
    expect(isSaved(created)).toBe(true);
    const [row] = await queryData({ dataDir }, "select id, version from blog_posts where slug = 'proxy-honest'");
    post = { id: String(row!.id), slug: 'proxy-honest', categoryId: String(category!.id), version: Number(row!.version) };
    port = await freePort();
    const work = mkdtempSync(path.join(tmpdir(), 'atelier-proxy-nginx-'));
    nginx = await startDocumentedNginx(work, { https: port, http: await freePort(), upstreams: [server.port] });
  }, 90_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  async function edit(title: string): Promise<number> {
    const reply = await savePost(
      server.port,
      cookie,
      { title, slug: post.slug, content: `<p>${title}</p>`, categoryId: post.categoryId, version: post.version },
      post.id,
    );
    expect(isSaved(reply)).toBe(true);
    post.version++;
    return performance.now();
  }

  it('shows an edit through nginx within the bound while visitors keep asking, and caches between edits', async () => {
    const target = `/blog/${post.slug}`;
    await httpsGet(port, target);
    const cached = await httpsGet(port, target);
    expect(cached.headers['x-proxy-cache']).toBe('HIT');
    expect(cached.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=1, stale-while-revalidate=1, stale-if-error=\d+$/);

    for (const title of ['Edited once', 'Edited twice']) {
      const saved = await edit(title);
      let seenAfter = Number.POSITIVE_INFINITY;
      while (performance.now() - saved < BOUND_MS + 3_000) {
        const reply = await httpsGet(port, target);
        expect(reply.status).toBe(200);
        if (reply.body.includes(title)) {
          seenAfter = performance.now() - saved;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      console.log(`"${title}" seen through nginx ${Math.round(seenAfter)} ms after the save answered`);
      expect(seenAfter).toBeLessThanOrEqual(BOUND_MS);
    }
  }, 60_000);

  it('never serves the page from before an edit to the first visitor after a quiet spell', async () => {
    const target = `/blog/${post.slug}`;
    await httpsGet(port, target);
    expect((await httpsGet(port, target)).headers['x-proxy-cache']).toBe('HIT');
    await edit('Edited before a quiet spell');
    // Longer than fresh + stale-while-revalidate: nginx must ask Atelier, not hand out its old copy.
    await new Promise((resolve) => setTimeout(resolve, BOUND_MS + 500));
    const first = await httpsGet(port, target);
    expect(first.body).toContain('Edited before a quiet spell');
  }, 30_000);

  it('keeps serving its last copy when Atelier is down', async () => {
    const target = `/blog/${post.slug}`;
    await httpsGet(port, target);
    server.child.kill('SIGKILL');
    await server.exited;
    await new Promise((resolve) => setTimeout(resolve, BOUND_MS + 500));
    const reply = await httpsGet(port, target);
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('Edited before a quiet spell');
    expect(reply.headers['x-proxy-cache']).toBe('STALE');
  }, 30_000);
});
