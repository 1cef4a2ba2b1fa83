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

function titlesContaining(table: 'pages' | 'blog_posts', term: string) {
  return getDb()
    .selectFrom(table)
    .select(['id', 'title', 'status'])
    .where('status', '<>', 'trash')
    .where(containsText('title', term))
    .orderBy('updated_at', 'desc')
    .limit(MAX_HITS);
}

/**
 * Finds pages and posts (not in the trash) whose title contains the term,
 * most recently changed first. Posts may be limited to one author's: writers
 * who may not see everyone's posts in the Blog list do not find them here either.
 */
export async function searchContent(term: string, scope: { pages: boolean; posts: 'all' | { authorId: string } }): Promise<SearchHit[]> {
  const query = term.trim();
  if (!query) return [];
  const postQuery = titlesContaining('blog_posts', query);
  const [pages, posts] = await Promise.all([
    scope.pages ? titlesContaining('pages', query).execute() : [],
    (scope.posts === 'all' ? postQuery : postQuery.where('author_id', '=', scope.posts.authorId)).execute(),
  ]);
  return [
    ...pages.map((page) => ({ kind: 'page' as const, ...page, href: `/admin/pages/${page.id}` })),
    ...posts.map((post) => ({ kind: 'post' as const, ...post, href: `/admin/blog/${post.id}` })),
  ];
}
