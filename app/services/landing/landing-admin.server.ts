import type { Language } from '#app/i18n/languages.ts';
import { fieldErrors } from '#app/lib/zod-errors.ts';
import { type LandingContent, landingContentSchema } from '#app/schemas/landing.ts';
import { writeSettings } from '#app/services/settings/settings-store.server.ts';

import { readLanding } from './landing.server.ts';

export type SaveResult = { ok: true; content: LandingContent } | { ok: false; errors: Record<string, string> };

/** The copy the Content screen opens for a language; a language without its own copy starts from English. */
export async function getLandingForEdit(lang: Language): Promise<{ content: LandingContent; ownCopy: boolean }> {
  const { content, source } = await readLanding(lang);
  return { content, ownCopy: source === lang };
}

/** Checks and stores one language's landing copy; on any error nothing is written. */
export async function saveLandingContent(lang: Language, input: unknown): Promise<SaveResult> {
  const parsed = landingContentSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  await writeSettings({ [`landing.${lang}`]: parsed.data });
  return { ok: true, content: parsed.data };
}
