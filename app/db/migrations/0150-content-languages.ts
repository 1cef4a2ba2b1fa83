import { type Kysely, sql } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Content in several languages (decisions 021 and 030): a page or post is one row per translation. Each row gains
 * `language` (a code of app/i18n/languages.ts), `translation_group` (shared by every translation of one item: the
 * default-language row's id) and `source_revision` (for a translation: the version of its default-language source it
 * was made from or last confirmed against; null on the source itself). Slugs become unique per language. Existing
 * rows move into the site's default language (Settings → General, when the public site is published in it; else
 * English), each its own group: nothing is lost or renamed.
 */
const TABLES = ['pages', 'blog_posts'] as const;
const PUBLISHED = ['en', 'fr'];

async function siteLanguage(db: Kysely<unknown>): Promise<string> {
  const row = await sql<{ value: string }>`select value from settings where key = 'site'`.execute(db);
  try {
    const language: unknown = JSON.parse(row.rows[0]?.value ?? '{}').language;
    return typeof language === 'string' && PUBLISHED.includes(language) ? language : 'en';
  } catch {
    return 'en';
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const language = await siteLanguage(db);
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('translation_group', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable(table).addColumn('source_revision', 'integer').execute();
    await sql`update ${sql.table(table)} set language = ${language}, translation_group = id`.execute(db);
    // A slug is unique among the live items of one language: /about and /fr/about are two rows of one group.
    await sql`drop index if exists ${sql.raw(`${table}_live_slug`)}`.execute(db);
    await db.schema
      .createIndex(`${table}_live_language_slug`)
      .on(table)
      .columns(['language', 'slug'])
      .unique()
      .where(sql.ref('status'), '<>', 'trash')
      .execute();
    // One translation per language in a group (the trash included: restoring one must not make a second). A row
    // written without a group (by a tool that predates languages) is its own item until given one.
    await db.schema
      .createIndex(`${table}_group_language`)
      .on(table)
      .columns(['translation_group', 'language'])
      .unique()
      .where(sql.ref('translation_group'), '<>', '')
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop index if exists ${sql.raw(`${table}_group_language`)}`.execute(db);
    await sql`drop index if exists ${sql.raw(`${table}_live_language_slug`)}`.execute(db);
    await db.schema.createIndex(`${table}_live_slug`).on(table).column('slug').unique().where(sql.ref('status'), '<>', 'trash').execute();
    for (const column of ['source_revision', 'translation_group', 'language'])
      await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
