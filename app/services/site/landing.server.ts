import { getDb } from '#app/db/client.server.ts';
import { seedLanding } from '#app/db/seed/data/landing.ts';
import { parseJson } from '#app/lib/json.ts';
import type { LandingContent } from '#app/schemas/landing.ts';

export type Locale = 'en' | 'fr';

/** Landing copy for a language, falling back to English, then to the seeded copy. */
export async function getLandingContent(locale: Locale): Promise<LandingContent> {
  const rows = await getDb().selectFrom('settings').select(['key', 'value']).where('key', 'in', [`landing.${locale}`, 'landing.en']).execute();
  const pick = rows.find((row) => row.key === `landing.${locale}`) ?? rows.find((row) => row.key === 'landing.en');
  return parseJson<LandingContent>(pick?.value, seedLanding.en);
}
