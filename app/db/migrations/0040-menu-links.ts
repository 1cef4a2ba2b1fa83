import { type Kysely, sql } from 'kysely';

/**
 * Menu items become typed links with a French title and one level of nesting. A page or post link keeps
 * the target's id (not its path), so it follows the slug when the slug changes. Existing rows keep what
 * visitors saw before menus were editable: the seeded header items were shown as the landing page's
 * in-page anchors, and the footer's legal paths become links to those pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('menu_items')
    .addColumn('link_type', 'text', (c) => c.notNull().defaultTo('url'))
    .execute();
  await db.schema.alterTable('menu_items').addColumn('target_id', 'text').execute();
  await db.schema
    .alterTable('menu_items')
    .addColumn('title_fr', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('menu_items').addColumn('parent_id', 'text').execute();

  const anchors: Record<string, [string, string]> = {
    '/': ['#home', 'Accueil'],
    '/about': ['#about', 'À propos'],
    '/services': ['#services', 'Services'],
    '/contact': ['#contact', 'Contact'],
  };
  for (const [path, [anchor, french]] of Object.entries(anchors)) {
    await sql`update menu_items set link_type = 'anchor', path = ${anchor}, title_fr = ${french} where location = 'header' and path = ${path}`.execute(
      db,
    );
  }
  await sql`update menu_items set title_fr = 'Blog' where location = 'header' and path = '/blog'`.execute(db);
  const legal: Record<string, string> = {
    '/privacy-policy': 'Politique de confidentialité',
    '/terms-of-service': "Conditions d'utilisation",
    '/cookie-policy': 'Politique de cookies',
  };
  for (const [path, french] of Object.entries(legal)) {
    await sql`update menu_items set title_fr = ${french} where location = 'footer' and path = ${path}`.execute(db);
  }
  const pages = await sql<{ id: string; slug: string }>`select id, slug from pages`.execute(db);
  for (const page of pages.rows) {
    await sql`update menu_items set link_type = 'page', target_id = ${page.id} where location = 'footer' and link_type = 'url' and path = ${`/${page.slug}`}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['parent_id', 'title_fr', 'target_id', 'link_type']) {
    await db.schema.alterTable('menu_items').dropColumn(column).execute();
  }
}
