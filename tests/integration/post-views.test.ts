import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { newId } from '#app/lib/ids.ts';
import { isKnownBot } from '#app/lib/user-agent.ts';
import { action } from '#app/routes/resources/post-view.ts';
import { BROWSERS_PER_ADDRESS, countPostView, prunePostViewVisitors } from '#app/services/posts/post-views.server.ts';
import { testDialects } from '#tests/support/databases.ts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

async function addPost(status: 'published' | 'draft' = 'published') {
  const id = newId();
  const now = new Date().toISOString();
  await getDb()
    .insertInto('blog_posts')
    .values({
      id,
      title: `Viewed ${id}`,
      slug: `viewed-${id}`,
      content: 'Body',
      excerpt: '',
      status,
      featured_image: null,
      author_id: null,
      author_name: 'Tester',
      tags: '[]',
      meta_title: '',
      meta_description: '',
      meta_keywords: '',
      publish_date: null,
      views: 10,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const viewsOf = async (id: string) =>
  Number((await getDb().selectFrom('blog_posts').select('views').where('id', '=', id).executeTakeFirstOrThrow()).views);

/** POST /blog/:slug/view as the route receives it, from `address` (the socket address Express worked out). */
async function postView(id: string, address: string, userAgent: string) {
  const request = new Request('http://localhost/blog/x/view', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': userAgent },
    body: new URLSearchParams({ id }).toString(),
  });
  const result = await action({ request, params: {}, context: { clientIp: address } } as unknown as Parameters<typeof action>[0]);
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

  it('stores only hashes that change every day, counts the visitor again the next day, and forgets past days', async () => {
    const id = await addPost();
    const address = '203.0.113.77';
    const monday = new Date('2031-03-03T23:59:00Z');
    const tuesday = new Date('2031-03-04T00:01:00Z');
    expect(await countPostView(id, { address, userAgent: FIREFOX }, monday)).toEqual({ views: 11, counted: true });
    expect(await countPostView(id, { address, userAgent: FIREFOX }, monday)).toEqual({ views: 11, counted: false });
    expect(await countPostView(id, { address, userAgent: FIREFOX }, tuesday)).toEqual({ views: 12, counted: true });
    const rows = await getDb().selectFrom('post_view_visitors').selectAll().where('post_id', '=', id).orderBy('day').execute();
    expect(rows.map((row) => row.day)).toEqual(['2031-03-03', '2031-03-04']);
    const counters = await getDb().selectFrom('throttles').select('key').where('key', 'like', `post-views:%:${id}:%`).execute();
    expect(counters).toHaveLength(2);
    const stored = JSON.stringify([rows, counters]);
    expect(stored).not.toContain(address);
    expect(stored).not.toContain('203.0.113');
    expect(stored).not.toContain('Firefox');
    expect(rows[0]!.visitor).not.toBe(rows[1]!.visitor);
    expect(counters[0]!.key.split(':').at(-1)).not.toBe(counters[1]!.key.split(':').at(-1));

    await prunePostViewVisitors(new Date('2031-03-05T00:00:00Z'));
    expect(await getDb().selectFrom('post_view_visitors').select('day').where('post_id', '=', id).execute()).toEqual([]);
  });
});
