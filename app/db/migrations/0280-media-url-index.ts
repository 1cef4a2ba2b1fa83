import { type Kysely, sql } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Media items by address (issue 29): the featured images of a blog screen, an archive or an article are looked up by
 * their URL (`findImagesByUrl`), and every save of a post or page looks up the media its text names
 * (`refreshMediaUsage`). Without an index each was a scan of the whole library: 100,000 items made a one-post tag
 * archive 20 ms slower than on the starter site.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index media_url on media (url)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('media_url').ifExists().execute();
}
