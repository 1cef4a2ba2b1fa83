import { type SelectQueryBuilder, sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { boundedSearch } from '#app/db/full-text.server.ts';
import type { Database } from '#app/db/schema.ts';
import { containsText, likePattern } from '#app/db/text-search.ts';
import { seesAllPosts } from '#app/lib/content-permissions.ts';
import { type Actor, hasPermission } from '#app/lib/permissions.ts';

export type SearchKind = 'page' | 'post' | 'media' | 'message' | 'user';

export interface SearchHit {
  id: string;
  title: string;
  /** A short second line: a status, a file type, a sender, an e-mail address. */
  detail: string;
  href: string;
}

/** The hits of one kind, under its heading; kinds with no hit are left out. */
export interface SearchGroup {
  kind: SearchKind;
  label: string;
  hits: SearchHit[];
}

/** Per kind: a screen's worth; refining the words beats scrolling. */
const MAX_HITS = 10;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Pages or posts out of the trash (`live`, already narrowed to what the actor may see) by title or content, with
 * their list's search (its indexes): title hits first, then the newest change.
 */
async function contentHits(
  table: 'pages' | 'blog_posts',
  live: SelectQueryBuilder<Database, 'pages' | 'blog_posts', object>,
  term: string,
  screen: string,
): Promise<SearchHit[]> {
  const search = await boundedSearch(table, term, live, MAX_HITS, [[sql`updated_at`, 'desc']]);
  const rows = await live
    .select(['id', 'title', 'status'])
    .where(search.matches)
    .orderBy(search.titleHit, 'desc')
    .orderBy('updated_at', 'desc')
    .limit(MAX_HITS)
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, detail: capitalised(row.status), href: `${screen}/${row.id}` }));
}

const pages = (term: string) => contentHits('pages', getDb().selectFrom('pages').where('status', '<>', 'trash'), term, '/admin/pages');

/** Posts by title or content, with the Blog list's search (its indexes) and its rule: a contributor finds only their own. */
function posts(actor: Actor, term: string): Promise<SearchHit[]> {
  let live = getDb().selectFrom('blog_posts').where('status', '<>', 'trash');
  if (!seesAllPosts(actor)) live = live.where('author_id', '=', actor.id);
  return contentHits('blog_posts', live, term, '/admin/blog');
}

async function media(term: string): Promise<SearchHit[]> {
  const media = await boundedSearch('media', term, getDb().selectFrom('media'), MAX_HITS, [[sql`created_at`, 'desc']]);
  const rows = await getDb()
    .selectFrom('media')
    .select(['id', 'title', 'type', 'original_name'])
    .where(media.matches)
    .orderBy(media.titleHit, 'desc')
    .orderBy('created_at', 'desc')
    .limit(MAX_HITS)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title || row.original_name,
    detail: capitalised(row.type),
    href: `/admin/media?q=${encodeURIComponent(row.title || row.original_name)}`,
  }));
}

async function messages(term: string): Promise<SearchHit[]> {
  const rows = await getDb()
    .selectFrom('messages')
    .select(['id', 'subject', 'first_name', 'last_name', 'email'])
    .where((eb) =>
      eb.or([
        containsText('subject', term),
        containsText('message', term),
        containsText('email', term),
        sql<boolean>`lower(first_name || ' ' || last_name) like lower(${likePattern(term)}) escape '\\'`,
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(MAX_HITS)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.subject || '(no subject)',
    detail: `${row.first_name} ${row.last_name} · ${row.email}`,
    href: `/admin/messages/${row.id}`,
  }));
}

async function users(term: string): Promise<SearchHit[]> {
  const rows = await getDb()
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where((eb) => eb.or([containsText('name', term), containsText('email', term)]))
    .orderBy('name')
    .limit(MAX_HITS)
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.name || row.email, detail: row.email, href: `/admin/users/${row.id}` }));
}

/**
 * The top bar's search: pages and posts (title and content), media (title, description, alt text),
 * contact messages and users, each only for someone who may open its screen (the same permissions as
 * the screens' guards), grouped by kind, newest first within each.
 */
export async function searchAdmin(actor: Actor, term: string): Promise<SearchGroup[]> {
  const query = term.trim().slice(0, 200);
  if (!query) return [];
  const may = (permission: Parameters<typeof hasPermission>[1]) => hasPermission(actor, permission);
  const groups: [SearchKind, string, boolean, () => Promise<SearchHit[]>][] = [
    ['page', 'Pages', may('manage_pages'), () => pages(query)],
    ['post', 'Blog Posts', may('access_admin'), () => posts(actor, query)],
    ['media', 'Media', may('manage_media'), () => media(query)],
    // Messages hold visitors' personal data: their screen's permission (decision 014).
    ['message', 'Messages', may('manage_settings'), () => messages(query)],
    ['user', 'Users', may('manage_users'), () => users(query)],
  ];
  const found = await Promise.all(groups.map(async ([kind, label, allowed, find]) => ({ kind, label, hits: allowed ? await find() : [] })));
  return found.filter((group) => group.hits.length > 0);
}
