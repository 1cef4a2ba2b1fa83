import { type Kysely, sql } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * One history for every kind of content (decision 027):
 * - `revisions`: every save of a page, post or landing copy (`item_kind`, `item_id`: the page's or post's id, the
 *   landing copy's language), with the full saved state as JSON, the fields that changed, who and when, and whether
 *   that save published the item (retention never prunes the newest such one). The landing copy's own
 *   `landing_revisions` move here and that table goes.
 * - `autosaves`: one per user per item (`item_key`: the item's id, or `new-…` for a page or post never saved),
 *   holding the editor form's fields; `seq` only grows, so a late request never replaces newer text.
 * - `edit_presence`: who has which item open (one row per user and item), refreshed by a heartbeat; `taken_over_by`
 *   tells an editor that someone else took the item over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('changed_fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('saved_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revisions_item').on('revisions').columns(['item_kind', 'item_id', 'created_at']).execute();
  await sql`insert into revisions (id, item_kind, item_id, version, state, changed_fields, published, saved_by, created_at)
    select id, 'landing', locale, version, content, changed_fields, case when state = 'published' then 1 else 0 end, saved_by, created_at
      from landing_revisions`.execute(db);
  await db.schema.dropTable('landing_revisions').execute();

  await db.schema
    .createTable('autosaves')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_kind', 'text', (c) => c.notNull())
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('base_version', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('autosaves_pk', ['user_id', 'item_kind', 'item_key'])
    .execute();

  await db.schema
    .createTable('edit_presence')
    .addColumn('item_kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tab_id', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .addColumn('taken_over_by', 'text')
    .addPrimaryKeyConstraint('edit_presence_pk', ['item_kind', 'item_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
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
  await sql`insert into landing_revisions (id, locale, version, state, content, changed_fields, saved_by, created_at)
    select id, item_id, version, case when published = 1 then 'published' else 'draft' end, state, changed_fields, saved_by, created_at
      from revisions where item_kind = 'landing'`.execute(db);
  await db.schema.dropTable('edit_presence').ifExists().execute();
  await db.schema.dropTable('autosaves').ifExists().execute();
  await db.schema.dropTable('revisions').ifExists().execute();
}
