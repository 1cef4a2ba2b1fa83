import { type Kysely, sql } from 'kysely';

/**
 * Themes become versioned documents: a `version` for the save check (two admins saving the same
 * theme get a conflict), the last saved versions kept in `theme_revisions`, and at most one active
 * theme, enforced by the database. Existing rows keep their look: the colours, fonts and spacing of
 * their `styles` are copied into their `settings`, which the public site now reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('themes')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('theme_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('theme_id', 'text', (c) => c.notNull().references('themes.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('saved_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('theme_revisions_theme').on('theme_revisions').columns(['theme_id', 'version']).execute();

  // Should an older database hold two active themes, the first by name stays active.
  const rows = await sql<{
    id: string;
    is_active: number;
    styles: string;
    settings: string;
  }>`select id, is_active, styles, settings from themes order by name`.execute(db);
  let activeSeen = false;
  for (const row of rows.rows) {
    const styles = parse(row.styles);
    const colors = (styles.colors ?? {}) as Record<string, string>;
    const fonts = (styles.fonts ?? {}) as Record<string, string>;
    const settings = {
      ...parse(row.settings),
      ...(colors.primary ? { primaryColor: colors.primary } : {}),
      ...(colors.secondary ? { secondaryColor: colors.secondary } : {}),
      ...(colors.background ? { backgroundColor: colors.background } : {}),
      ...(colors.text ? { textColor: colors.text } : {}),
      ...(colors.headings ? { headingsColor: colors.headings } : {}),
      ...(fonts.heading ? { headingsFont: fonts.heading } : {}),
      ...(fonts.body ? { bodyFont: fonts.body } : {}),
    };
    const active = Number(row.is_active) === 1 && !activeSeen ? 1 : 0;
    if (active) activeSeen = true;
    await sql`update themes set settings = ${JSON.stringify(settings)}, is_active = ${active} where id = ${row.id}`.execute(db);
  }
  await sql`create unique index themes_one_active on themes (is_active) where is_active = 1`.execute(db);
}

function parse(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists themes_one_active`.execute(db);
  await db.schema.dropTable('theme_revisions').ifExists().execute();
  await db.schema.alterTable('themes').dropColumn('version').execute();
}
