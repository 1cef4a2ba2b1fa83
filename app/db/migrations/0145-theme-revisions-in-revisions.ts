import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';

// Migrations are never edited once landed: add a new file instead.
/**
 * One history for every kind of content (issue 24): a theme's kept versions move from `theme_revisions` into
 * `revisions` (kind 'theme', the state `{ name, settings, sections }`), so themes share the retention setting, the
 * pruning job and the restore rules of pages, posts and the landing copy. A theme's first version is marked as the
 * one never pruned: its history always keeps the theme as it was made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{
    theme_id: string;
    version: number;
    name: string;
    settings: string;
    data: string;
    saved_by: string | null;
    created_at: string;
  }>`
    select theme_id, version, name, settings, data, saved_by, created_at from theme_revisions order by theme_id, version`.execute(db);
  const first = new Map<string, number>();
  for (const row of rows.rows) if (!first.has(row.theme_id)) first.set(row.theme_id, Number(row.version));
  for (const row of rows.rows) {
    const state = JSON.stringify({ name: row.name, settings: parse(row.settings), sections: parse(row.data) });
    await sql`insert into revisions (id, item_kind, item_id, version, state, changed_fields, published, saved_by, created_at)
      values (${uuidv7()}, 'theme', ${row.theme_id}, ${Number(row.version)}, ${state}, ${'["*"]'},
        ${first.get(row.theme_id) === Number(row.version) ? 1 : 0}, ${row.saved_by}, ${row.created_at})`.execute(db);
  }
  await db.schema.dropTable('theme_revisions').execute();
}

/** The table comes back with the themes' kept versions; the other kinds' revisions stay where they are. */
export async function down(db: Kysely<unknown>): Promise<void> {
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
  const rows = await sql<{ id: string; item_id: string; version: number; state: string; saved_by: string | null; created_at: string }>`
    select id, item_id, version, state, saved_by, created_at from revisions where item_kind = 'theme'`.execute(db);
  for (const row of rows.rows) {
    const state = parse(row.state) as { name?: string; settings?: unknown; sections?: unknown };
    await sql`insert into theme_revisions (id, theme_id, version, name, settings, data, saved_by, created_at)
      values (${row.id}, ${row.item_id}, ${Number(row.version)}, ${state.name ?? ''}, ${JSON.stringify(state.settings ?? {})},
        ${JSON.stringify(state.sections ?? {})}, ${row.saved_by}, ${row.created_at})`.execute(db);
  }
  await sql`delete from revisions where item_kind = 'theme'`.execute(db);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
