import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { parseJson } from '#app/lib/json.ts';

import { storedVariants } from './media-rows.server.ts';

/**
 * `media_usage` says which content refers to which media item: kept by every write of that content, in its own
 * transaction, so the library's "used in" is a lookup (`used-in.server.ts`) instead of a scan of every page, post
 * and theme. A referrer is one row of a kind; each of its places (fields) holds text in which media addresses are
 * found, the original's or a variant's, wherever they appear (Markdown, HTML, CSS, JSON).
 */
export type UsageKind = 'post' | 'page' | 'theme' | 'landing' | 'site';
export interface UsageReferrer {
  kind: UsageKind;
  /** The post, page or theme id, the landing copy's language, or 'site' for the General settings. */
  id: string;
}

/** A media address in any text: /media/ then anything up to a space, quote, bracket, comma, query or fragment. */
const ADDRESS = /\/media\/[^\s"'`()<>[\]{},?#\\]+/g;

/** The media addresses a text names (trailing sentence punctuation left out). */
export function mediaAddressesIn(text: string | null | undefined): string[] {
  if (!text) return [];
  return [...new Set([...text.matchAll(ADDRESS)].map((match) => match[0].replace(/[.;:!]+$/, '')))];
}

const VARIANT = /-\d+w\.webp$/;

/** The media item behind each address: an original's URL, or one of its WebP variants. */
async function itemsAt(db: Kysely<Database>, addresses: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!addresses.length) return found;
  for (const row of await db.selectFrom('media').select(['id', 'url']).where('url', 'in', addresses).execute()) found.set(row.url, row.id);
  const variants = addresses.filter((address) => !found.has(address) && VARIANT.test(address));
  if (variants.length) {
    // A variant's key is its original's with -<width>w.webp for the extension: look the original up by that stem (a
    // LIKE wildcard in a stem only widens the candidates, each of which is checked against its stored variants).
    const stems = [...new Set(variants.map((address) => `${address.replace(VARIANT, '')}.`))];
    const rows = await db
      .selectFrom('media')
      .select(['id', 'variants'])
      .where((eb) => eb.or(stems.map((stem) => eb('url', 'like', `${stem}%`))))
      .execute();
    for (const row of rows) for (const variant of storedVariants(row)) if (variants.includes(variant.url)) found.set(variant.url, row.id);
  }
  return found;
}

type Places = Record<string, string | null | undefined>;
const LANDING_PLACES = ['hero', 'about', 'services'] as const;

/** The current text of each place of a referrer, read in the write's transaction; null when it no longer exists. */
async function placesOf(db: Kysely<Database>, ref: UsageReferrer): Promise<Places | null> {
  switch (ref.kind) {
    case 'post':
      return (await db.selectFrom('blog_posts').select(['featured_image', 'content']).where('id', '=', ref.id).executeTakeFirst()) ?? null;
    case 'page':
      return (await db.selectFrom('pages').select(['og_image', 'content']).where('id', '=', ref.id).executeTakeFirst()) ?? null;
    case 'theme':
      return (await db.selectFrom('themes').select(['settings', 'data']).where('id', '=', ref.id).executeTakeFirst()) ?? null;
    case 'landing': {
      const row = await db.selectFrom('landing_content').select(['published', 'draft']).where('locale', '=', ref.id).executeTakeFirst();
      if (!row) return null;
      // The published copy and a draft waiting to be published both use their images.
      const copies = [row.published, row.draft].map((text) => parseJson<Record<string, unknown>>(text, {}));
      return Object.fromEntries(LANDING_PLACES.map((place) => [place, copies.map((copy) => JSON.stringify(copy[place] ?? '')).join('\n')]));
    }
    case 'site': {
      const row = await db.selectFrom('settings').select('value').where('key', '=', 'site').executeTakeFirst();
      const site = parseJson<{ logo?: string; favicon?: string }>(row?.value, {});
      return { logo: site.logo, favicon: site.favicon };
    }
  }
}

/**
 * Re-reads what a referrer holds now and records the media it uses, replacing what was recorded for it. Call it in
 * the transaction of every write that changes (or deletes) the referrer, so the two never disagree.
 */
export async function refreshMediaUsage(trx: Kysely<Database>, ref: UsageReferrer): Promise<void> {
  await trx.deleteFrom('media_usage').where('ref_kind', '=', ref.kind).where('ref_id', '=', ref.id).execute();
  const places = await placesOf(trx, ref);
  if (!places) return;
  const byPlace = Object.entries(places).map(([place, text]) => [place, mediaAddressesIn(text)] as const);
  const items = await itemsAt(trx, [...new Set(byPlace.flatMap(([, addresses]) => addresses))]);
  const rows = new Map<string, { media_id: string; ref_kind: UsageKind; ref_id: string; place: string }>();
  for (const [place, addresses] of byPlace) {
    for (const address of addresses) {
      const mediaId = items.get(address);
      if (mediaId) rows.set(`${mediaId} ${place}`, { media_id: mediaId, ref_kind: ref.kind, ref_id: ref.id, place });
    }
  }
  if (rows.size)
    await trx
      .insertInto('media_usage')
      .values([...rows.values()])
      .execute();
}

/** Records the usage of every referrer there is (the starter content, once seeded). */
export async function refreshAllMediaUsage(db: Kysely<Database>): Promise<void> {
  const referrers: UsageReferrer[] = [
    ...(await db.selectFrom('blog_posts').select('id').execute()).map(({ id }) => ({ kind: 'post' as const, id })),
    ...(await db.selectFrom('pages').select('id').execute()).map(({ id }) => ({ kind: 'page' as const, id })),
    ...(await db.selectFrom('themes').select('id').execute()).map(({ id }) => ({ kind: 'theme' as const, id })),
    ...(await db.selectFrom('landing_content').select('locale').execute()).map(({ locale }) => ({ kind: 'landing' as const, id: locale })),
    { kind: 'site', id: 'site' },
  ];
  for (const ref of referrers) await refreshMediaUsage(db, ref);
}
