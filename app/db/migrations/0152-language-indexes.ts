import { type Kysely, sql } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Indexes for content in several languages (decision 030) on a big site (decision 032): the public blog of one language
 * walks its own index (published posts of that language by "publish date, else last change", newest first), an item's
 * translations are found by their group, and the admin lists' capped counts ("one row per item", decision 030) read
 * only this index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index blog_posts_language_published_date on blog_posts (language, (coalesce(publish_date, updated_at)) desc, id) where status = 'published'`.execute(
    db,
  );
  await sql`create index blog_posts_translation_group on blog_posts (translation_group, language, status, id)`.execute(db);
  await sql`create index pages_translation_group on pages (translation_group, language, status, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['pages_translation_group', 'blog_posts_translation_group', 'blog_posts_language_published_date']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
