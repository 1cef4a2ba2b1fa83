import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';

type SluggedTable = 'pages' | 'blog_posts';

/** Whether another non-trashed item of the same kind and language already uses `slug` (slugs are unique per language). */
export async function slugInUse(
  db: Kysely<Database>,
  table: SluggedTable,
  slug: string,
  language: string,
  exceptId?: string,
): Promise<boolean> {
  let query = db.selectFrom(table).select('id').where('slug', '=', slug).where('language', '=', language).where('status', '<>', 'trash');
  if (exceptId) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

/** `slug`, or `slug-2`, `slug-3`… : the first one no live item uses (for restoring from the trash). */
export async function freeSlug(
  db: Kysely<Database>,
  table: SluggedTable,
  slug: string,
  language: string,
  exceptId?: string,
): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? slug : `${slug}-${n}`;
    if (!(await slugInUse(db, table, candidate, language, exceptId))) return candidate;
  }
}

export function slugTakenMessage(noun: string, slug: string): string {
  return `Another ${noun} already uses the slug “${slug}”. Choose a different one.`;
}
