import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adjacentPosts } from '#app/services/posts/adjacent-posts.server.ts';
import { getPublishedPost } from '#app/services/posts/public-posts.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { insertPostRow } from '#tests/support/post-rows.ts';

describe.each(testDialects)('previous and next articles on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  const add = (
    slug: string,
    publishDate: string | null,
    options: { status?: 'draft' | 'published'; language?: string; updatedAt?: string } = {},
  ) =>
    insertPostRow({
      title: `Title ${slug}`,
      slug,
      excerpt: 'E',
      status: options.status ?? 'published',
      tags: '[]',
      publish_date: publishDate,
      language: options.language ?? 'en',
      created_at: options.updatedAt ?? '2020-01-01T00:00:00.000Z',
      updated_at: options.updatedAt ?? '2020-01-01T00:00:00.000Z',
    });

  it('walks the blog’s own order: older is previous, newer is next, ties by id, drafts and other languages left out', async () => {
    await add('adj-a', '2030-01-01T00:00:00.000Z');
    await add('adj-b', '2030-01-02T00:00:00.000Z');
    await add('adj-draft', '2030-01-03T00:00:00.000Z', { status: 'draft' });
    await add('adj-fr', '2030-01-03T00:00:00.000Z', { language: 'fr' });
    // No publish date: its last-modified date places it.
    await add('adj-undated', null, { updatedAt: '2030-01-04T00:00:00.000Z' });
    await add('adj-tie-1', '2030-01-05T00:00:00.000Z');
    await add('adj-tie-2', '2030-01-05T00:00:00.000Z');

    const around = async (slug: string) => {
      const post = (await getPublishedPost(slug))!;
      const { previous, next } = await adjacentPosts(post);
      return [previous?.slug ?? null, next?.slug ?? null];
    };
    const ties = [
      ...(await Promise.all(['adj-tie-1', 'adj-tie-2'].map(async (slug) => ({ slug, id: (await getPublishedPost(slug))!.id })))),
    ].sort((x, y) => (x.id < y.id ? -1 : 1));
    // The blog lists ties by id: the lower id first (newer side), the higher one after it.
    const [first, second] = [ties[0]!.slug, ties[1]!.slug];
    expect(await around('adj-b')).toEqual(['adj-a', 'adj-undated']);
    expect(await around('adj-undated')).toEqual(['adj-b', second]);
    expect(await around(second)).toEqual(['adj-undated', first]);
    expect((await around(first))[0]).toBe(second);
    // The oldest has no previous: the seeded article (2024) is older than all of these, and nothing is older than it.
    expect(await around('getting-started-with-web-development')).toEqual([null, 'adj-a']);
    const french = (await getPublishedPost('adj-fr', 'fr'))!;
    // The French blog is its own: the French seeded article before it, nothing after it.
    const inFrench = await adjacentPosts(french);
    expect(inFrench.next).toBeNull();
    expect(await getPublishedPost(inFrench.previous!.slug, 'fr')).not.toBeNull();
  });
});
