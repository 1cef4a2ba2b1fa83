import { type Kysely, sql } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * A post's tags as rows (the tag archives, `/blog/tag/{slug}`): `post_tags` holds each post's tag slugs, so an
 * archive finds its posts through an index instead of reading every post's `tags` JSON. `blog_posts.tags` stays
 * what the editor and the article show (the tags as written); the rows are kept in step on every save.
 * Every existing post's tags are copied in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_tags')
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('post_tags_pk', ['slug', 'post_id'])
    .execute();
  await db.schema.createIndex('post_tags_post').on('post_tags').column('post_id').execute();

  for (let after = ''; ;) {
    const { rows } = await sql<{ id: string; tags: string }>`
      select id, tags from blog_posts where id > ${after} order by id limit 1000`.execute(db);
    if (!rows.length) break;
    const links = rows.flatMap((row) => tagSlugs(row.tags).map((slug) => ({ slug, post_id: row.id })));
    if (links.length)
      await (db as Kysely<{ post_tags: { slug: string; post_id: string } }>).insertInto('post_tags').values(links).execute();
    after = rows.at(-1)!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('post_tags').execute();
}

/** This migration's copy of a tag's slug (app/lib/slug.ts when it was written), each slug once. */
function tagSlugs(json: string): string[] {
  let tags: unknown;
  try {
    tags = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(tags)) return [];
  const slugs = tags
    .filter((tag): tag is string => typeof tag === 'string')
    .map((tag) =>
      tag
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 120)
        .replace(/-+$/, ''),
    )
    .filter(Boolean);
  return [...new Set(slugs)];
}
