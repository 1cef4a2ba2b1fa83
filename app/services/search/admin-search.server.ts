import { getDb } from '#app/db/client.server.ts';
import { containsText } from '#app/db/text-search.ts';

export interface SearchHit {
  kind: 'page' | 'post';
  id: string;
  title: string;
  status: string;
  href: string;
}

const MAX_HITS = 20;

/** Finds pages and posts (not in the trash) whose title contains the term. */
export async function searchContent(term: string, scope: { pages: boolean; posts: boolean }): Promise<SearchHit[]> {
  const query = term.trim();
  if (!query) return [];
  const db = getDb();
  const [pages, posts] = await Promise.all([
    scope.pages
      ? db
          .selectFrom('pages')
          .select(['id', 'title', 'status'])
          .where('status', '<>', 'trash')
          .where(containsText('title', query))
          .orderBy('updated_at', 'desc')
          .limit(MAX_HITS)
          .execute()
      : [],
    scope.posts
      ? db
          .selectFrom('blog_posts')
          .select(['id', 'title', 'status'])
          .where('status', '<>', 'trash')
          .where(containsText('title', query))
          .orderBy('updated_at', 'desc')
          .limit(MAX_HITS)
          .execute()
      : [],
  ]);
  return [
    ...pages.map((page) => ({ kind: 'page' as const, ...page, href: `/admin/pages/${page.id}` })),
    ...posts.map((post) => ({ kind: 'post' as const, ...post, href: `/admin/blog/${post.id}` })),
  ];
}
