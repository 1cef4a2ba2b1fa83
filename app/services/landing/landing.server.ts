import { getDb } from '#app/db/client.server.ts';
import type { Language } from '#app/i18n/languages.ts';
import { parseJson } from '#app/lib/json.ts';
import { completeLanding, type LandingContent } from '#app/schemas/landing.ts';

import { defaultLanding } from './default-landing.ts';

/** A stored copy (a row's draft or published JSON) in the current shape, or null when there is none. */
export function storedLanding(json: string | null | undefined): LandingContent | null {
  return completeLanding(parseJson<Parameters<typeof completeLanding>[0]>(json, null));
}

/**
 * The published landing copy for a language and where it came from: its own copy, the English fallback, or the
 * seeded copy. Drafts are never shown to visitors.
 */
export async function readLanding(locale: Language): Promise<{ content: LandingContent; source: Language | 'seed' }> {
  const rows = await getDb().selectFrom('landing_content').select(['locale', 'published']).where('locale', 'in', [locale, 'en']).execute();
  for (const lang of [locale, 'en'] as const) {
    const content = storedLanding(rows.find((row) => row.locale === lang)?.published);
    if (content) return { content, source: lang };
  }
  return { content: defaultLanding.en, source: 'seed' };
}

/** Landing copy for a language, falling back to English, then to the seeded copy. */
export async function getLandingContent(locale: Language): Promise<LandingContent> {
  return (await readLanding(locale)).content;
}
