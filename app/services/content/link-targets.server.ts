import { getDb } from '#app/db/client.server.ts';
import { containsText } from '#app/db/text-search.ts';

export interface LinkTarget {
  kind: 'page' | 'post';
  title: string;
  path: string;
}

const LIMIT = 10;

/**
 * Published pages and posts whose title holds `query` (any case), for the rich editor's link dialog: what a
 * visitor can open, so a link made from it never leads to a draft. The newest first; pages before posts.
 */
export async function searchLinkTargets(query: string): Promise<LinkTarget[]> {
  const term = query.trim().slice(0, 100);
  const find = (table: 'pages' | 'blog_posts') =>
    getDb()
      .selectFrom(table)
      .select(['title', 'slug'])
      .where('status', '=', 'published')
      .where(containsText('title', term))
      .orderBy('updated_at', 'desc')
      .limit(LIMIT)
      .execute();
  const [pages, posts] = await Promise.all([find('pages'), find('blog_posts')]);
  return [
    ...pages.map((row) => ({ kind: 'page' as const, title: row.title, path: `/${row.slug}` })),
    ...posts.map((row) => ({ kind: 'post' as const, title: row.title, path: `/blog/${row.slug}` })),
  ];
}
