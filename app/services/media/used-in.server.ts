import type { Expression, SqlBool } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { MediaRow } from '#app/db/schema.ts';
import { containsText } from '#app/db/text-search.ts';
import { parseJson } from '#app/lib/json.ts';

import { storedVariants } from './media-rows.server.ts';

type Referenced = Pick<MediaRow, 'id' | 'url' | 'variants'>;

/** Landing sections (landing_content, published and draft) by the name the library shows. */
const LANDING_SECTIONS: Record<string, string> = { hero: 'Hero Section', about: 'About Section', services: 'Services Section' };

/** Every address an item is reachable at: the original and its variants. */
function addressesOf(item: Referenced): string[] {
  return [item.url, ...storedVariants(item).map((variant) => variant.url)];
}

function mentions(text: string | null | undefined, addresses: string[]): boolean {
  return !!text && addresses.some((address) => text.includes(address));
}

/**
 * Where each item is used, worked out from the content that references it:
 * featured images and bodies of posts, social images and bodies of pages, the
 * logo and favicon, the landing sections (hero image…) and theme data.
 * Nothing is stored, so the answer is never stale.
 */
export async function usedInFor(items: Referenced[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(items.map((item) => [item.id, []]));
  if (!items.length) return result;
  const db = getDb();
  const addresses = new Map(items.map((item) => [item.id, addressesOf(item)]));
  const all = [...addresses.values()].flat();
  const inText = (column: string) => all.map((address) => containsText(column, address) as Expression<SqlBool>);

  const [posts, pages, settings, landings, themes] = await Promise.all([
    db
      .selectFrom('blog_posts')
      .select(['title', 'featured_image', 'content'])
      .where((eb) => eb.or([eb('featured_image', 'in', all), ...inText('content')]))
      .orderBy('title')
      .execute(),
    db
      .selectFrom('pages')
      .select(['title', 'og_image', 'content'])
      .where((eb) => eb.or([eb('og_image', 'in', all), ...inText('content')]))
      .orderBy('title')
      .execute(),
    db.selectFrom('settings').select(['key', 'value']).where('key', '=', 'site').execute(),
    db.selectFrom('landing_content').select(['published', 'draft']).orderBy('locale').execute(),
    db.selectFrom('themes').select(['name', 'thumbnail', 'styles', 'templates', 'settings', 'data']).orderBy('name').execute(),
  ]);

  for (const item of items) {
    const urls = addresses.get(item.id)!;
    const places = new Set<string>();
    for (const landing of landings) {
      for (const text of [landing.published, landing.draft]) {
        const copy = parseJson<Record<string, unknown>>(text, {});
        for (const [section, label] of Object.entries(LANDING_SECTIONS)) {
          if (mentions(JSON.stringify(copy[section] ?? ''), urls)) places.add(label);
        }
      }
    }
    for (const setting of settings) {
      const site = parseJson<{ logo?: string; favicon?: string }>(setting.value, {});
      // The logo shows in the header and the footer of every public page.
      if (mentions(site.logo, urls)) places.add('Header').add('Footer');
      if (mentions(site.favicon, urls)) places.add('Favicon');
    }
    for (const post of posts)
      if (mentions(post.featured_image, urls) || mentions(post.content, urls)) places.add(`Blog post “${post.title}”`);
    for (const page of pages) if (mentions(page.og_image, urls) || mentions(page.content, urls)) places.add(`Page “${page.title}”`);
    for (const theme of themes) {
      if ([theme.thumbnail, theme.styles, theme.templates, theme.settings, theme.data].some((text) => mentions(text, urls)))
        places.add(`Theme “${theme.name}”`);
    }
    result.set(item.id, [...places]);
  }
  return result;
}
