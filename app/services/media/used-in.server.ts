import { getDb } from '#app/db/client.server.ts';
import type { MediaRow } from '#app/db/schema.ts';

/** Where each place of the landing copy and of the General settings shows, by the name the library uses. */
const LANDING_SECTIONS: Record<string, string> = { hero: 'Hero Section', about: 'About Section', services: 'Services Section' };
const SITE_PLACES: Record<string, string[]> = { logo: ['Header', 'Footer'], favicon: ['Favicon'] };

/**
 * Where each item is used, read from `media_usage` (kept by every write of content, themes and settings in its own
 * transaction: `media-usage.server.ts`): a few indexed lookups, whatever the amount of content. The order is the
 * library's: landing sections, header, footer and favicon, then posts, pages and themes by title.
 */
export async function usedInFor(items: Pick<MediaRow, 'id'>[]): Promise<Map<string, string[]>> {
  const result = new Map<string, Set<string>>(items.map((item) => [item.id, new Set()]));
  if (!items.length) return new Map();
  const db = getDb();
  const ids = items.map((item) => item.id);
  const usage = db.selectFrom('media_usage').where('media_usage.media_id', 'in', ids);
  const [settings, posts, pages, themes] = await Promise.all([
    usage
      .select(['media_id', 'ref_kind', 'ref_id', 'place'])
      .where('ref_kind', 'in', ['landing', 'site'])
      .orderBy('ref_kind')
      .orderBy('ref_id')
      .execute(),
    usage
      .innerJoin('blog_posts', 'blog_posts.id', 'media_usage.ref_id')
      .select(['media_id', 'blog_posts.title as title'])
      .where('ref_kind', '=', 'post')
      .orderBy('blog_posts.title')
      .execute(),
    usage
      .innerJoin('pages', 'pages.id', 'media_usage.ref_id')
      .select(['media_id', 'pages.title as title'])
      .where('ref_kind', '=', 'page')
      .orderBy('pages.title')
      .execute(),
    usage
      .innerJoin('themes', 'themes.id', 'media_usage.ref_id')
      .select(['media_id', 'themes.name as title'])
      .where('ref_kind', '=', 'theme')
      .orderBy('themes.name')
      .execute(),
  ]);
  const sectionOrder = Object.keys(LANDING_SECTIONS);
  const landing = settings
    .filter((row) => row.ref_kind === 'landing')
    .sort((a, b) => a.ref_id.localeCompare(b.ref_id) || sectionOrder.indexOf(a.place) - sectionOrder.indexOf(b.place));
  for (const row of landing) result.get(row.media_id)?.add(LANDING_SECTIONS[row.place] ?? row.place);
  for (const place of Object.keys(SITE_PLACES)) {
    for (const row of settings)
      if (row.ref_kind === 'site' && row.place === place) for (const label of SITE_PLACES[place]!) result.get(row.media_id)?.add(label);
  }
  for (const row of posts) result.get(row.media_id)?.add(`Blog post “${row.title}”`);
  for (const row of pages) result.get(row.media_id)?.add(`Page “${row.title}”`);
  for (const row of themes) result.get(row.media_id)?.add(`Theme “${row.title}”`);
  return new Map([...result].map(([id, places]) => [id, [...places]]));
}
