import { type Kysely, sql } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Menu titles per language (decision 030), as category names: `title` stays the default language's title and
 * `titles` holds a JSON object of the other languages' titles (`{"fr": "Accueil"}`), so a site with more languages
 * than English and French gets a title for each. Every French title moves in unchanged; `title_fr` goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table menu_items add column titles text not null default '{}'`.execute(db);
  const { rows } = await sql<{ id: string; title_fr: string }>`select id, title_fr from menu_items where title_fr <> ''`.execute(db);
  for (const row of rows) {
    await sql`update menu_items set titles = ${JSON.stringify({ fr: row.title_fr })} where id = ${row.id}`.execute(db);
  }
  await sql`alter table menu_items drop column title_fr`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table menu_items add column title_fr text not null default ''`.execute(db);
  const { rows } = await sql<{ id: string; titles: string }>`select id, titles from menu_items`.execute(db);
  for (const row of rows) {
    const french = (JSON.parse(row.titles) as { fr?: unknown }).fr;
    if (typeof french === 'string' && french) await sql`update menu_items set title_fr = ${french} where id = ${row.id}`.execute(db);
  }
  await sql`alter table menu_items drop column titles`.execute(db);
}
