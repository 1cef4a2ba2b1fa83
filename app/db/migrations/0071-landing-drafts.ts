import { type Kysely, sql } from 'kysely';

/**
 * Landing copy leaves the settings table for a table of its own, one row per language (any language code, so a
 * language is added by adding a row): what visitors see (`published`), a saved change not yet published (`draft`),
 * and a `version` that every save, publish and discard bumps, for the save's version check. Every save also keeps a
 * revision (`landing_revisions`): who, when, which state, the full copy and the fields that changed.
 * The existing copy of each language becomes its published copy, with a first revision.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('landing_content')
    .addColumn('locale', 'text', (c) => c.primaryKey())
    .addColumn('published', 'text')
    .addColumn('published_at', 'text')
    .addColumn('published_by', 'text')
    .addColumn('draft', 'text')
    .addColumn('draft_saved_at', 'text')
    .addColumn('draft_saved_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('landing_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('changed_fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('saved_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('landing_revisions_locale').on('landing_revisions').columns(['locale', 'version']).execute();

  const rows = await sql<{ key: string; value: string; updated_at: string }>`
    select key, value, updated_at from settings where key like 'landing.%'`.execute(db);
  for (const row of rows.rows) {
    const locale = row.key.slice('landing.'.length);
    await sql`insert into landing_content (locale, published, published_at, version, updated_at)
      values (${locale}, ${row.value}, ${row.updated_at}, 1, ${row.updated_at})`.execute(db);
    await sql`insert into landing_revisions (id, locale, version, state, content, changed_fields, created_at)
      values (${`migrated-${locale}`}, ${locale}, 1, 'published', ${row.value}, '[]', ${row.updated_at})`.execute(db);
  }
  await sql`delete from settings where key like 'landing.%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ locale: string; published: string | null; updated_at: string }>`
    select locale, published, updated_at from landing_content where published is not null`.execute(db);
  for (const row of rows.rows) {
    await sql`insert into settings (key, value, updated_at) values (${`landing.${row.locale}`}, ${row.published}, ${row.updated_at})`.execute(
      db,
    );
  }
  await db.schema.dropTable('landing_revisions').ifExists().execute();
  await db.schema.dropTable('landing_content').ifExists().execute();
}
