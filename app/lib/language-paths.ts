/**
 * Public URLs carry the language (decisions 021 and 030): the site's default language is unprefixed (`/`,
 * `/blog/hello`, `/about`), every other published language lives under `/{code}` (`/fr`, `/fr/blog/bonjour`).
 */
export function localizedPath(path: string, language: string, defaultLanguage: string): string {
  if (language === defaultLanguage) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}
