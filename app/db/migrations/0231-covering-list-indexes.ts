import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * The admin's posts and pages lists (everything but the trash, or one status: the trash, Draft…; newest change
 * first) walked in covering indexes
 * (docs/decisions/032-a-big-site.md): the list's own filters (one row per item: the translation group; a
 * contributor's own posts: the author) are read from the index, so a deep screen or a category filter (a probe of
 * post_categories per post) skips rows without reading them; only a screen's rows are read from the table, and a capped
 * count reads the index alone. They replace the narrower indexes of migrations 0003 and 0171 for the same orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index blog_posts_live_list on blog_posts (updated_at, id, status, translation_group, author_id) where status <> 'trash'`.execute(
    db,
  );
  await sql`create index pages_live_list on pages (updated_at, id, status, translation_group) where status <> 'trash'`.execute(db);
  await sql`create index blog_posts_status_list on blog_posts (status, updated_at, id, translation_group, author_id)`.execute(db);
  await sql`create index pages_status_list on pages (status, updated_at, id, translation_group)`.execute(db);
  await sql`drop index if exists blog_posts_live_updated`.execute(db);
  await sql`drop index if exists pages_live_updated`.execute(db);
  await sql`drop index if exists blog_posts_status_updated_id`.execute(db);
  await sql`drop index if exists pages_status_updated_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists blog_posts_live_updated on blog_posts (updated_at, id) where status <> 'trash'`.execute(db);
  await sql`create index if not exists pages_live_updated on pages (updated_at, id) where status <> 'trash'`.execute(db);
  await sql`create index if not exists blog_posts_status_updated_id on blog_posts (status, updated_at, id)`.execute(db);
  await sql`create index if not exists pages_status_updated_id on pages (status, updated_at, id)`.execute(db);
  await sql`drop index if exists blog_posts_live_list`.execute(db);
  await sql`drop index if exists pages_live_list`.execute(db);
  await sql`drop index if exists blog_posts_status_list`.execute(db);
  await sql`drop index if exists pages_status_list`.execute(db);
}
