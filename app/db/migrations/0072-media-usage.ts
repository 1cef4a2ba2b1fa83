import { type Kysely, sql } from 'kysely';

/**
 * Where each media item is used becomes a table kept by the writes of content, themes and settings
 * (`app/services/media/media-usage.server.ts`) instead of a scan of all of them on every library view. This
 * migration fills it from what the database holds now. It keeps its own copy of the rules for finding media
 * addresses, so it does the same thing on a database made today and on one migrated years from now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_usage')
    .addColumn('media_id', 'text', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('ref_kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_usage_pk', ['media_id', 'ref_kind', 'ref_id', 'place'])
    .execute();
  await db.schema.createIndex('media_usage_referrer').on('media_usage').columns(['ref_kind', 'ref_id']).execute();
  await backfill(db);
}

interface Referrer {
  kind: string;
  id: string;
  places: Record<string, string | null>;
}

async function referrers(db: Kysely<unknown>): Promise<Referrer[]> {
  const all: Referrer[] = [];
  const posts = await sql<{ id: string; featured_image: string | null; content: string }>`
    select id, featured_image, content from blog_posts`.execute(db);
  for (const { id, ...places } of posts.rows) all.push({ kind: 'post', id, places });
  const pages = await sql<{ id: string; og_image: string | null; content: string }>`select id, og_image, content from pages`.execute(db);
  for (const { id, ...places } of pages.rows) all.push({ kind: 'page', id, places });
  const themes = await sql<{ id: string; settings: string; data: string }>`select id, settings, data from themes`.execute(db);
  for (const { id, ...places } of themes.rows) all.push({ kind: 'theme', id, places });
  const landings = await sql<{ locale: string; published: string | null; draft: string | null }>`
    select locale, published, draft from landing_content`.execute(db);
  for (const row of landings.rows) {
    const copies = [row.published, row.draft].map(objectOf);
    const places = Object.fromEntries(
      ['hero', 'about', 'services'].map((section) => [section, copies.map((copy) => JSON.stringify(copy[section] ?? '')).join('\n')]),
    );
    all.push({ kind: 'landing', id: row.locale, places });
  }
  const site = await sql<{ value: string }>`select value from settings where key = 'site'`.execute(db);
  const general = objectOf(site.rows[0]?.value ?? null);
  all.push({ kind: 'site', id: 'site', places: { logo: stringOf(general.logo), favicon: stringOf(general.favicon) } });
  return all;
}

async function backfill(db: Kysely<unknown>): Promise<void> {
  const media = await sql<{ id: string; url: string; variants: string }>`select id, url, variants from media`.execute(db);
  const itemAt = new Map<string, string>();
  for (const item of media.rows) {
    itemAt.set(item.url, item.id);
    const variants = JSON.parse(item.variants || '[]') as Array<{ url?: string }>;
    for (const variant of Array.isArray(variants) ? variants : []) if (variant.url) itemAt.set(variant.url, item.id);
  }
  for (const referrer of await referrers(db)) {
    const seen = new Set<string>();
    for (const [place, text] of Object.entries(referrer.places)) {
      for (const match of (text ?? '').matchAll(/\/media\/[^\s"'`()<>[\]{},?#\\]+/g)) {
        const mediaId = itemAt.get(match[0].replace(/[.;:!]+$/, ''));
        if (!mediaId || seen.has(`${mediaId} ${place}`)) continue;
        seen.add(`${mediaId} ${place}`);
        await sql`insert into media_usage (media_id, ref_kind, ref_id, place)
          values (${mediaId}, ${referrer.kind}, ${referrer.id}, ${place})`.execute(db);
      }
    }
  }
}

function objectOf(text: string | null): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function stringOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_usage').ifExists().execute();
}
