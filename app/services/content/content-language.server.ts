import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import type { Language } from '#app/i18n/languages.ts';
import { parseJson } from '#app/lib/json.ts';
import { getSiteSettingsForRequest, publicLanguage } from '#app/services/settings/settings.server.ts';

/**
 * The default content language: Settings → General's language when the public site is published in it, else
 * English. New pages and posts are written in it, its translations are the sources of the others, and its URLs are
 * unprefixed (decision 030). Read inside the caller's transaction.
 */
export async function defaultContentLanguage(db: Kysely<Database>): Promise<Language> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'site').executeTakeFirst();
  return publicLanguage(parseJson<{ language?: string }>(row?.value, {}).language ?? '');
}

/** The default content language for a page being rendered (the settings kept in memory until the next public write). */
export async function siteContentLanguage(): Promise<Language> {
  return publicLanguage((await getSiteSettingsForRequest()).language);
}
