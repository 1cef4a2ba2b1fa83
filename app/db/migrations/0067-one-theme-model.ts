import { type Kysely, sql } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * One theme model (decision 020): a theme is its settings and sections. The spec's list-view columns go:
 * `styles` (colours, fonts, spacing, rewritten from the settings at every save and never read to render),
 * `templates` (always `{}`) and `thumbnail` (a path no file answered; cards are drawn from the settings).
 * First, what only `styles` held moves into the settings: a value the stored settings leave out (a row
 * older than the editor's settings); a value they hold stays, as it is what the site shows. Then the
 * section CSS and HTML kept in themes, revisions and drafts name the one set of CSS variables instead of
 * the `--site-*` ones, which are no longer served.
 */
const OLD_VARIABLES: Record<string, string> = {
  'primary-strong': 'primary-strong',
  'on-primary': 'on-primary',
  'secondary-strong': 'secondary-strong',
  primary: 'primary-color',
  secondary: 'secondary-color',
  background: 'background-color',
  text: 'text-color',
  muted: 'text-color',
  headings: 'headings-color',
  'font-heading': 'headings-font',
  'font-body': 'body-font',
  'container-padding': 'container-padding',
  'section-spacing': 'section-spacing',
};

/** Also what Upload applies to the section code of a file exported before this migration (spec-styles.server.ts). */
export const renameOldVariables = (text: string) =>
  text.replace(/--site-([a-z-]+)(?![\w-])/g, (whole, name: string) => (OLD_VARIABLES[name] ? `--theme-${OLD_VARIABLES[name]}` : whole));

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function parse(text: string | null): Record<string, unknown> {
  try {
    return record(JSON.parse(text ?? ''));
  } catch {
    return {};
  }
}

const pixels = (value: unknown) => {
  const match = typeof value === 'string' ? /^(\d{1,3}(?:\.\d+)?)(rem|px)$/.exec(value) : null;
  return match ? Math.round(Number(match[1]) * (match[2] === 'rem' ? 16 : 1)) : undefined;
};

/** The settings a `styles` object held, by settings key. */
function settingsFromStyles(styles: Record<string, unknown>): Record<string, unknown> {
  const [colors, fonts, spacing] = [record(styles.colors), record(styles.fonts), record(styles.spacing)];
  const found: Record<string, unknown> = {
    primaryColor: colors.primary,
    secondaryColor: colors.secondary,
    backgroundColor: colors.background,
    textColor: colors.text,
    headingsColor: colors.headings,
    headingsFont: fonts.heading,
    bodyFont: fonts.body,
    containerPadding: pixels(spacing.containerPadding),
    sectionSpacing: pixels(spacing.sectionSpacing),
  };
  return Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined && value !== ''));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const themes = await sql<{ id: string; styles: string; settings: string; data: string }>`
    select id, styles, settings, data from themes`.execute(db);
  for (const row of themes.rows) {
    const settings = { ...settingsFromStyles(parse(row.styles)), ...parse(row.settings) };
    await sql`update themes set settings = ${JSON.stringify(settings)}, data = ${renameOldVariables(row.data)} where id = ${row.id}`.execute(
      db,
    );
  }
  for (const table of ['theme_revisions', 'theme_drafts'] as const) {
    const key = table === 'theme_drafts' ? 'user_id' : 'id';
    const rows = await sql<{ row_key: string; data: string }>`select ${sql.ref(key)} as row_key, data from ${sql.table(table)}`.execute(db);
    for (const row of rows.rows) {
      const data = renameOldVariables(row.data);
      if (data !== row.data) await sql`update ${sql.table(table)} set data = ${data} where ${sql.ref(key)} = ${row.row_key}`.execute(db);
    }
  }
  for (const column of ['styles', 'templates', 'thumbnail']) await db.schema.alterTable('themes').dropColumn(column).execute();
}

/** The columns come back empty; section CSS keeps the new variable names. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('themes')
    .addColumn('thumbnail', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('themes')
    .addColumn('styles', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('themes')
    .addColumn('templates', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
