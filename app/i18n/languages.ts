/** Public site languages (docs/product.md, Constants): English and French, English the fallback. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
/** Cookie that remembers the visitor's choice; readable by scripts, like the spec's local-storage cache. */
export const LANGUAGE_COOKIE = 'lng';
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
