import { getDb } from '#app/db/client.server.ts';
import { localizedPath } from '#app/lib/language-paths.ts';
import { defaultContentLanguage } from '#app/services/content/content-language.server.ts';

/** WordPress's plain permalinks: `?p=12` names a post or a page, `?page_id=7` a page. */
const PLAIN_PERMALINK = /^(p|page_id)=(\d{1,12})$/;

/**
 * Where an imported item's plain WordPress permalink (`/?p=12`, `/?page_id=7`) leads now (decision 033): the
 * published item's own address, or null (not a plain permalink, never imported, or not published). A pretty
 * permalink is a row of the Redirects table instead; a query on `/` cannot be one.
 */
export async function importedItemPath(query: string): Promise<string | null> {
  const match = PLAIN_PERMALINK.exec(query);
  if (!match) return null;
  const db = getDb();
  const imported = await db
    .selectFrom('import_items')
    .select(['item_type', 'target_id'])
    .where('item_type', 'in', match[1] === 'page_id' ? ['page'] : ['post', 'page'])
    .where('source_id', '=', match[2]!)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!imported) return null;
  const page = imported.item_type === 'page';
  const row = await db
    .selectFrom(page ? 'pages' : 'blog_posts')
    .select(['slug', 'language', 'status'])
    .where('id', '=', imported.target_id)
    .executeTakeFirst();
  if (row?.status !== 'published') return null;
  return localizedPath(page ? `/${row.slug}` : `/blog/${row.slug}`, row.language, await defaultContentLanguage(db));
}
