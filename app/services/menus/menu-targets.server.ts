import { getDb } from '#app/db/client.server.ts';

/** Pages or posts (not in the trash) whose title matches, for the link chooser. */
export async function searchMenuTargets(
  kind: 'page' | 'post',
  query: string,
): Promise<{ id: string; title: string; path: string; status: string }[]> {
  const db = getDb();
  const term = `%${query
    .trim()
    .toLowerCase()
    .replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const table = kind === 'page' ? 'pages' : 'blog_posts';
  const rows = await db
    .selectFrom(table)
    .select(['id', 'title', 'slug', 'status'])
    .where('status', '!=', 'trash')
    .where((eb) => eb(eb.fn('lower', ['title']), 'like', term))
    .orderBy('title')
    .limit(20)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    path: kind === 'page' ? `/${row.slug}` : `/blog/${row.slug}`,
  }));
}
