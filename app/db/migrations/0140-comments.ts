import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Visitors' comments on blog posts, one level of replies (`parent_id`), moderated by staff: pending, approved, spam
 * or trash (`trashed_from` is where Restore puts a trashed comment back). `staff_user_id` marks a reply written by a
 * staff member. The sender's address (`ip`) and its keyed hash (`ip_hash`, what moderators see) are erased after
 * the retention period. `body_key` (the author's e-mail and the normalised words) refuses the same comment twice on
 * one post, atomically, through the unique index. `comments_off` on a post turns its comments off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
    .addColumn('parent_id', 'text')
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('author_email', 'text', (c) => c.notNull())
    .addColumn('author_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('trashed_from', 'text')
    .addColumn('spam_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('staff_user_id', 'text')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip_hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_post_status').on('comments').columns(['post_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('comments_status_created').on('comments').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('comments_author_email').on('comments').column('author_email').execute();
  await db.schema.createIndex('comments_post_body_key').on('comments').columns(['post_id', 'body_key']).unique().execute();
  await db.schema
    .alterTable('blog_posts')
    .addColumn('comments_off', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comments').ifExists().execute();
  await db.schema.alterTable('blog_posts').dropColumn('comments_off').execute();
}
