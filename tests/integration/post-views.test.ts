import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { newId } from '#app/lib/ids.ts';
import { isKnownBot } from '#app/lib/user-agent.ts';
import { action } from '#app/routes/resources/post-view.ts';
import { BROWSERS_PER_ADDRESS, pruneViewVisitors } from '#app/services/analytics/daily-visitors.server.ts';
import { countPostView } from '#app/services/posts/post-views.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { insertPostRow } from '#tests/support/post-rows.ts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

async function addPost(status: 'published' | 'draft' = 'published') {
  const id = newId();
  return insertPostRow({ id, title: `Viewed ${id}`, slug: `viewed-${id}`, status, views: 10 });
}

const viewsOf = async (id: string) =>
  Number((await getDb().selectFrom('blog_posts').select('views').where('id', '=', id).executeTakeFirstOrThrow()).views);

/** POST /blog/:slug/view as the route receives it, from `address` (the socket address Express worked out). */
async function postView(id: string, address: string, userAgent: string, slug = `viewed-${id}`) {
  const request = new Request(`http://localhost/blog/${slug}/view`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': userAgent },
    body: new URLSearchParams({ id }).toString(),
  });
  const result = await action({ request, params: { slug }, context: { clientIp: address } } as unknown as Parameters<typeof action>[0]);
  return { status: result.init?.status ?? 200, views: (result.data as { views: number | null }).views };
}

describe('known robots', () => {
  it('are recognised by their User-Agent; browsers are not', () => {
    for (const bot of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'curl/8.5.0',
      'python-requests/2.32',
      'Go-http-client/1.1',
      'facebookexternalhit/1.1',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0)',
      '',
      '   ',
    ]) {
      expect(isKnownBot(bot), bot).toBe(true);
    }
    for (const browser of [
      FIREFOX,
      CHROME,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
    ]) {
      expect(isKnownBot(browser), browser).toBe(false);
    }
  });
});

describe.each(testDialects)('article view counts on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('moves by one under a flood of views from one visitor, in parallel and one after the other', async () => {
    const id = await addPost();
    const flood = await Promise.all(Array.from({ length: 100 }, () => postView(id, '198.51.100.7', FIREFOX)));
    expect(flood.every((reply) => reply.status === 200)).toBe(true);
    for (let i = 0; i < 50; i++) await postView(id, '198.51.100.7', FIREFOX);
    expect(await viewsOf(id)).toBe(11);
    expect((await postView(id, '198.51.100.7', FIREFOX)).views).toBe(11);
    // Another visitor (another browser, or another address) is one more view.
    expect((await postView(id, '198.51.100.7', CHROME)).views).toBe(12);
    expect((await postView(id, '198.51.100.8', FIREFOX)).views).toBe(13);
    expect(await viewsOf(id)).toBe(13);
  });

  it('ignores robots, bounds the browsers one address counts as, and answers 404 for unpublished articles', async () => {
    const id = await addPost();
    for (const bot of ['Mozilla/5.0 (compatible; Googlebot/2.1)', 'curl/8.5.0', '']) {
      expect(await postView(id, '192.0.2.1', bot)).toEqual({ status: 200, views: 10 });
    }
    // A script inventing a new User-Agent per call from one address counts as a few visitors, not thousands.
    await Promise.all(Array.from({ length: 40 }, (_, n) => postView(id, '192.0.2.2', `${FIREFOX} build/${n}`)));
    expect(await viewsOf(id)).toBeLessThanOrEqual(10 + BROWSERS_PER_ADDRESS + 1);
    expect(await viewsOf(id)).toBeGreaterThanOrEqual(10 + BROWSERS_PER_ADDRESS);
    expect(await postView(await addPost('draft'), '192.0.2.3', FIREFOX)).toEqual({ status: 404, views: null });
    expect(await postView('no-such-post', '192.0.2.3', FIREFOX)).toEqual({ status: 404, views: null });
  });

  // Issue 21, item 9: the slug was ignored, the visitor row was written before the per-address cap, and IPv6
  // addresses were counted one by one.
  it('counts a view only at the address of the article it names: another slug, or one naming no article, is a 404', async () => {
    const id = await addPost();
    const other = await addPost();
    for (const slug of ['anything', `viewed-${other}`, 'getting-started-with-web-development', `viewed-${id}x`]) {
      expect(await postView(id, '192.0.2.9', `${FIREFOX} ${slug}`, slug), slug).toEqual({ status: 404, views: null });
    }
    expect(await viewsOf(id)).toBe(10);
    expect(await viewsOf(other)).toBe(10);
    expect(await postView(id, '192.0.2.9', FIREFOX)).toEqual({ status: 200, views: 11 });
  });

  it('writes no visitor row once an address has spent its allowance: 200 invented User-Agents leave at most 5 rows', async () => {
    const id = await addPost();
    for (let n = 0; n < 200; n++) await postView(id, '192.0.2.10', `${FIREFOX} build/${n}`);
    const rows = await getDb().selectFrom('view_visitors').select('visitor').where('target', '=', `post:${id}`).execute();
    expect(rows).toHaveLength(BROWSERS_PER_ADDRESS);
    expect(await viewsOf(id)).toBe(10 + BROWSERS_PER_ADDRESS);
  });

  it('counts IPv6 visitors by their /64: one browser across its addresses is one visitor, and the /64 has one allowance', async () => {
    const id = await addPost();
    const inOne64 = (n: number) => `2001:db8:7:1:${n.toString(16)}:0:0:1`;
    for (let n = 0; n < 30; n++) await postView(id, inOne64(n), FIREFOX);
    expect(await viewsOf(id)).toBe(11);
    for (let n = 0; n < 30; n++) await postView(id, inOne64(100 + n), `${CHROME} build/${n}`);
    expect(await viewsOf(id)).toBe(10 + BROWSERS_PER_ADDRESS);
    // The next /64 is someone else.
    expect((await postView(id, '2001:db8:7:2::1', FIREFOX)).views).toBe(11 + BROWSERS_PER_ADDRESS);
  });

  it('stores only hashes that change every day, counts the visitor again the next day, and forgets past days', async () => {
    const id = await addPost();
    const address = '203.0.113.77';
    const monday = new Date('2031-03-03T23:59:00Z');
    const tuesday = new Date('2031-03-04T00:01:00Z');
    const slug = `viewed-${id}`;
    expect(await countPostView(slug, id, { address, userAgent: FIREFOX }, monday)).toEqual({ views: 11, counted: true });
    expect(await countPostView(slug, id, { address, userAgent: FIREFOX }, monday)).toEqual({ views: 11, counted: false });
    expect(await countPostView(slug, id, { address, userAgent: FIREFOX }, tuesday)).toEqual({ views: 12, counted: true });
    const rows = await getDb().selectFrom('view_visitors').selectAll().where('target', '=', `post:${id}`).orderBy('day').execute();
    expect(rows.map((row) => row.day)).toEqual(['2031-03-03', '2031-03-04']);
    const counters = await getDb().selectFrom('throttles').select('key').where('key', 'like', `views:%:post:${id}:%`).execute();
    expect(counters).toHaveLength(2);
    const stored = JSON.stringify([rows, counters]);
    expect(stored).not.toContain(address);
    expect(stored).not.toContain('203.0.113');
    expect(stored).not.toContain('Firefox');
    expect(rows[0]!.visitor).not.toBe(rows[1]!.visitor);
    expect(counters[0]!.key.split(':').at(-1)).not.toBe(counters[1]!.key.split(':').at(-1));

    await pruneViewVisitors(new Date('2031-03-05T00:00:00Z'));
    expect(await getDb().selectFrom('view_visitors').select('day').where('target', '=', `post:${id}`).execute()).toEqual([]);
  });
});
