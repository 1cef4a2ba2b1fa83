import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { isLanguage, type Language } from '#app/i18n/languages.ts';
import type { MenuLocation } from '#app/schemas/menu.ts';

import { type AdminMenuItem, pathOf, readItems } from './menu-items.server.ts';

/** One public item: the anchor kind is resolved per page (in place on the landing page, `/#about` elsewhere). */
export interface PublicMenuItem {
  title: string;
  /** The title in the other languages that have one; a language without one shows `title`. */
  titles: Partial<Record<Language, string>>;
  kind: 'anchor' | 'link';
  href: string;
  /**
   * A page or post link's path in each language that has a published translation, in that translation's own slug
   * (unprefixed: the site prefixes it). A language without one follows `href`, the default-language item's fallback.
   */
  hrefs?: Partial<Record<Language, string>>;
  children: PublicMenuItem[];
}

/** The menus visitors see: items whose page or post is unpublished are left out, with their children. */
export async function getPublicMenus(): Promise<Record<MenuLocation, PublicMenuItem[]>> {
  const db = getDb();
  const [header, footer] = await Promise.all([readItems(db, 'header'), readItems(db, 'footer')]);
  const slugs = await translationSlugs(db, [...header, ...footer]);
  const toPublic = (items: AdminMenuItem[]): PublicMenuItem[] => {
    const shown = items.filter((item) => item.visible);
    const node = (item: AdminMenuItem): PublicMenuItem => {
      const own = item.group ? slugs.get(`${item.linkType}:${item.group}`) : undefined;
      return {
        title: item.title,
        titles: item.titles,
        kind: item.linkType === 'anchor' ? 'anchor' : 'link',
        href: item.path,
        ...(own
          ? { hrefs: Object.fromEntries(Object.entries(own).map(([language, slug]) => [language, pathOf(item.linkType, slug, item.path)])) }
          : {}),
        children: [],
      };
    };
    return shown
      .filter((item) => !item.parentId)
      .map((root) => ({ ...node(root), children: shown.filter((child) => child.parentId === root.id).map(node) }));
  };
  return { header: toPublic(header), footer: toPublic(footer) };
}

/**
 * The published translations' slugs of the menus' page and post links, by `page:group` / `post:group` and language
 * (decision 030): a menu link leads to each language's own URL, never through a redirect.
 */
async function translationSlugs(db: Kysely<Database>, items: AdminMenuItem[]) {
  const found = new Map<string, Partial<Record<Language, string>>>();
  for (const [type, table] of [
    ['page', 'pages'],
    ['post', 'blog_posts'],
  ] as const) {
    const groups = [...new Set(items.filter((item) => item.linkType === type && item.group).map((item) => item.group!))];
    if (!groups.length) continue;
    const rows = await db
      .selectFrom(table)
      .select(['id', 'slug', 'language', 'translation_group'])
      .where('status', '=', 'published')
      .where((eb) => eb.or([eb('translation_group', 'in', groups), eb('id', 'in', groups)]))
      .execute();
    for (const row of rows) {
      if (!isLanguage(row.language)) continue;
      const key = `${type}:${row.translation_group || row.id}`;
      found.set(key, { ...found.get(key), [row.language]: row.slug });
    }
  }
  return found;
}
