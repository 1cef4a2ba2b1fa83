import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/** The featured image's alternative text, written in the post editor and used on the public article. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('blog_posts')
    .addColumn('featured_image_alt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blog_posts').dropColumn('featured_image_alt').execute();
}
