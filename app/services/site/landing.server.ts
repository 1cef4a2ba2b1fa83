import { getDb } from '#app/db/client.server.ts';
import { seedLanding } from '#app/db/seed/data/landing.ts';
import { parseJson } from '#app/lib/json.ts';
import type { LandingContent } from '#app/schemas/landing.ts';

export type Locale = 'en' | 'fr';

/** Landing copy for a language and where it came from: its own copy, the English fallback, or the seeded copy. */
export async function readLanding(locale: Locale): Promise<{ content: LandingContent; source: Locale | 'seed' }> {
  const rows = await getDb().selectFrom('settings').select(['key', 'value']).where('key', 'in', [`landing.${locale}`, 'landing.en']).execute();
  for (const lang of [locale, 'en'] as const) {
    const content = parseJson<LandingContent | null>(rows.find((row) => row.key === `landing.${lang}`)?.value, null);
    if (content) return { content, source: lang };
  }
  return { content: seedLanding.en, source: 'seed' };
}

/** Landing copy for a language, falling back to English, then to the seeded copy. */
export async function getLandingContent(locale: Locale): Promise<LandingContent> {
  return (await readLanding(locale)).content;
}
