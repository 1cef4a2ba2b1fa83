/**
 * The one list of languages Atelier knows (docs/product.md, Constants; decision 021): Settings → General offers
 * every one as the site's default language; the public site is published in those marked `published` (their
 * interface strings ship), English the fallback.
 */
export const SITE_LANGUAGES = [
  { code: 'en', label: 'English', published: true },
  { code: 'fr', label: 'French', published: true },
  { code: 'de', label: 'German', published: false },
  { code: 'es', label: 'Spanish', published: false },
] as const;
type SiteLanguageEntry = (typeof SITE_LANGUAGES)[number];

/** The public site's languages: the published entries of SITE_LANGUAGES. */
export type Language = Extract<SiteLanguageEntry, { published: true }>['code'];
export const LANGUAGES = SITE_LANGUAGES.filter((entry): entry is Extract<SiteLanguageEntry, { published: true }> => entry.published).map(
  (entry) => entry.code,
);
export const FALLBACK_LANGUAGE: Language = 'en';
/** Settings → General's choices: every language of the list. */
export const LANGUAGE_OPTIONS = SITE_LANGUAGES.map(({ code, label }) => ({ value: code, label }));
/** Cookie that remembers the visitor's choice; readable by scripts, like the spec's local-storage cache. */
export const LANGUAGE_COOKIE = 'lng';
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A language's name in English ('French'), as the admin names it. */
export function languageLabel(code: string): string {
  return SITE_LANGUAGES.find((entry) => entry.code === code)?.label ?? code;
}

/** The public site's languages other than `defaultLanguage`, with their labels: where content and settings are translated. */
export function otherLanguages(defaultLanguage: string): { code: Language; label: string }[] {
  return SITE_LANGUAGES.flatMap((entry) =>
    isLanguage(entry.code) && entry.code !== defaultLanguage ? [{ code: entry.code, label: entry.label }] : [],
  );
}
