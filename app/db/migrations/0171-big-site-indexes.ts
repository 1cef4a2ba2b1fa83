import { type Kysely, sql } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Indexes in the exact order of each list (docs/decisions/032-a-big-site.md), so that a screen, however deep, walks
 * an index instead of sorting the table:
 * - the admin's posts and pages filtered on a status (the trash, Draft…): status, then newest change, then id;
 * - the public blog: published posts by "publish date, else last change", newest first, then id;
 * - the media library: newest upload first, then id; the inbox: a folder, newest first, then
 *   id; comments for moderation: a status, newest first, then id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index blog_posts_status_updated_id on blog_posts (status, updated_at, id)`.execute(db);
  await sql`create index pages_status_updated_id on pages (status, updated_at, id)`.execute(db);
  await sql`create index blog_posts_published_date on blog_posts ((coalesce(publish_date, updated_at)) desc, id) where status = 'published'`.execute(
    db,
  );
  await sql`create index media_created_id on media (created_at desc, id)`.execute(db);
  await sql`create index media_type_created_id on media (type, created_at desc, id)`.execute(db);
  await sql`create index messages_folder_created_id on messages (folder, created_at, id)`.execute(db);
  await sql`create index comments_status_created_id on comments (status, created_at, id)`.execute(db);
  // The public article and page by slug: the unique slug index is partial (not in the trash), which SQLite's
  // planner cannot match to "status = 'published'".
  await sql`create index blog_posts_slug_status on blog_posts (slug, status)`.execute(db);
  await sql`create index pages_slug_status on pages (slug, status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'pages_slug_status',
    'blog_posts_slug_status',
    'comments_status_created_id',
    'messages_folder_created_id',
    'media_type_created_id',
    'media_created_id',
    'blog_posts_published_date',
    'pages_status_updated_id',
    'blog_posts_status_updated_id',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
