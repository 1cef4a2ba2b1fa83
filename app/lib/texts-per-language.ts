import { isLanguage, type Language } from '#app/i18n/languages.ts';

import { parseJson } from './json.ts';

/**
 * A stored JSON object of texts per language (`{"fr": "Accueil"}`: category names, menu titles; decision 030), kept to
 * the site's languages and to texts that are not empty. A language missing from it shows the default-language text.
 */
export function textsPerLanguage(stored: string | null | undefined): Partial<Record<Language, string>> {
  const texts: Partial<Record<Language, string>> = {};
  for (const [language, text] of Object.entries(parseJson<Record<string, unknown>>(stored, {})))
    if (isLanguage(language) && typeof text === 'string' && text) texts[language] = text;
  return texts;
}
