import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import type { Language } from '#app/i18n/languages.ts';
import { textsPerLanguage } from '#app/lib/texts-per-language.ts';
import type { MenuLinkType, MenuLocation } from '#app/schemas/menu.ts';
import { stateVersion } from '#app/services/versions/state-version.server.ts';

/** One item as the menu screen shows it. */
export interface AdminMenuItem {
  id: string;
  title: string;
  /** The title in the other languages that have one (decision 030); a language without one shows `title`. */
  titles: Partial<Record<Language, string>>;
  linkType: MenuLinkType;
  /** The page or post linked to, for page and post links. */
  targetId: string | null;
  targetTitle: string | null;
  /** False when the page or post is not published (or gone): visitors do not see the item. */
  visible: boolean;
  /** Where the link leads now: `/slug`, `/blog/slug`, `#about` or the URL. */
  path: string;
  /** A page or post link's translation group: its translations' slugs are looked up by it. */
  group: string | null;
  parentId: string | null;
  order: number;
  /** The version the item's Edit dialog is opened at: a save over someone else's change to the item is refused. */
  version: string;
}

export const pathOf = (type: MenuLinkType, slug: string | null, stored: string) =>
  type === 'page' ? (slug === null ? stored : `/${slug}`) : type === 'post' ? (slug === null ? stored : `/blog/${slug}`) : stored;

/** Every item of a location with its link resolved: page and post links follow their target's slug and status. */
export async function readItems(db: Kysely<Database>, location: MenuLocation): Promise<AdminMenuItem[]> {
  const rows = await db
    .selectFrom('menu_items as m')
    .leftJoin('pages as p', (join) => join.onRef('p.id', '=', 'm.target_id').on('m.link_type', '=', 'page'))
    .leftJoin('blog_posts as b', (join) => join.onRef('b.id', '=', 'm.target_id').on('m.link_type', '=', 'post'))
    .select([
      'm.id',
      'm.title',
      'm.titles',
      'm.link_type',
      'm.target_id',
      'm.path',
      'm.parent_id',
      'm.sort_order',
      'p.slug as page_slug',
      'p.title as page_title',
      'p.status as page_status',
      'p.translation_group as page_group',
      'b.slug as post_slug',
      'b.translation_group as post_group',
      'b.title as post_title',
      'b.status as post_status',
    ])
    .where('m.location', '=', location)
    .orderBy('m.sort_order')
    .orderBy('m.id')
    .execute();
  return rows.map((row) => {
    const type = row.link_type;
    const slug = type === 'page' ? row.page_slug : type === 'post' ? row.post_slug : null;
    const status = type === 'page' ? row.page_status : type === 'post' ? row.post_status : 'published';
    const group = type === 'page' ? row.page_group : type === 'post' ? row.post_group : null;
    return {
      version: stateVersion(itemState(row)),
      id: row.id,
      title: row.title,
      titles: textsPerLanguage(row.titles),
      linkType: type,
      targetId: row.target_id,
      targetTitle: type === 'page' ? row.page_title : type === 'post' ? row.post_title : null,
      visible: status === 'published',
      path: pathOf(type, slug ?? null, row.path),
      group: group === null || group === undefined ? null : group || row.target_id,
      parentId: row.parent_id,
      order: row.sort_order,
    };
  });
}

/** What the Edit dialog changes of an item, as stored: its version. */
export const itemState = (row: {
  title: string;
  titles: string;
  link_type: string;
  target_id: string | null;
  path: string;
  parent_id: string | null;
}) => [row.title, textsPerLanguage(row.titles), row.link_type, row.target_id, row.path, row.parent_id];

/** Items in the order the list shows them: each top-level item followed by its children. */
export function inTreeOrder<T extends { id: string; parentId: string | null }>(items: T[]): T[] {
  const ids = new Set(items.map((item) => item.id));
  const roots = items.filter((item) => !item.parentId || !ids.has(item.parentId));
  return roots.flatMap((root) => [root, ...items.filter((item) => item.parentId === root.id)]);
}
