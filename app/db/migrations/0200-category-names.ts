import { type Kysely, sql } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Category names per language (decision 030): `names` holds a JSON object of the other languages' names
 * (`{"fr": "Développement web"}`); `name` stays the default language's name, so every existing category keeps it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table categories add column names text not null default '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('categories').dropColumn('names').execute();
}
