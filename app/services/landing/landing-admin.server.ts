import type { Language } from '#app/i18n/languages.ts';
import type { LandingContent } from '#app/schemas/landing.ts';
import type { AuditActor } from '#app/services/audit/record-audit.server.ts';
import type { Result } from '#app/services/failures.ts';
import { writeSettings } from '#app/services/settings/settings-store.server.ts';

import { readLanding } from './landing.server.ts';

/** The copy the Content screen opens for a language; a language without its own copy starts from English. */
export async function getLandingForEdit(lang: Language): Promise<{ content: LandingContent; ownCopy: boolean }> {
  const { content, source } = await readLanding(lang);
  return { content, ownCopy: source === lang };
}

/** Stores one language's landing copy, checked by `landingContentSchema`; the public pages show it at once. Audited. */
export async function saveLandingContent(
  lang: Language,
  content: LandingContent,
  actor: AuditActor = null,
): Promise<Result<{ content: LandingContent }>> {
  await writeSettings(
    { [`landing.${lang}`]: content },
    { actor, action: 'landing.updated', target: { type: 'landing', id: lang, label: `Landing page (${lang})` } },
  );
  return { ok: true, content };
}
