import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';

type SluggedTable = 'pages' | 'blog_posts';

/** Whether another non-trashed item of the same kind already uses `slug`. */
export async function slugInUse(db: Kysely<Database>, table: SluggedTable, slug: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom(table).select('id').where('slug', '=', slug).where('status', '<>', 'trash');
  if (exceptId) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

/** `slug`, or `slug-2`, `slug-3`… : the first one no live item uses (for restoring from the trash). */
export async function freeSlug(db: Kysely<Database>, table: SluggedTable, slug: string, exceptId: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? slug : `${slug}-${n}`;
    if (!(await slugInUse(db, table, candidate, exceptId))) return candidate;
  }
}

export function slugTakenMessage(kind: 'page' | 'post', slug: string): string {
  return kind === 'page'
    ? `Another page already uses the slug “${slug}”. Choose a different one.`
    : `Another post already uses the slug “${slug}”. Choose a different one.`;
}
