import { type Kysely, sql } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Media alt text and description per language (decision 030, addendum): `translations` holds a JSON object of the
 * other languages' fields (`{"fr": {"alt": "…", "description": "…"}}`); `alt` and `description` stay the default
 * language's, so every existing item keeps them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table media add column translations text not null default '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('translations').execute();
}
