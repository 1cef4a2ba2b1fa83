import { z } from 'zod';

import { LANGUAGES } from '#app/i18n/languages.ts';

/**
 * Settings written in each of the site's languages (decision 030): `translations.fr.tagline` in a form, an object of
 * fields per published language. A field left empty shows the default language's value. Absent from a form: kept.
 */
export const perLanguage = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.partialRecord(z.enum(LANGUAGES), z.object(shape).partial()).optional();

/**
 * A form's per-language fields as parsed: a form that showed them (any `translations.…` field was posted) but left
 * them all empty clears them (`{}`), since an empty field is not posted on; a form that did not show them keeps them.
 */
export function postedTranslations<T>(form: FormData, parsed: T | undefined): T | Record<string, never> | undefined {
  if (parsed !== undefined) return parsed;
  return [...form.keys()].some((name) => name.startsWith('translations.')) ? {} : undefined;
}
