import { unprefixedPath } from '#app/i18n/detect.ts';
import type { Language } from '#app/i18n/languages.ts';
import type { PublicMenuItem } from '#app/services/menus/public-menus.server.ts';

/** A landing-page section scrolls in place on the landing page and leads to `/#about` from elsewhere. */
export function menuHref(item: PublicMenuItem, onLanding: boolean, language: Language): string {
  if (item.kind === 'anchor') return onLanding ? item.href : `/${item.href}`;
  return item.hrefs?.[language] ?? item.href;
}

/** The item's title in the visitor's language, else its default-language title. */
export function menuTitle(item: PublicMenuItem, language: Language): string {
  return item.titles[language] || item.title;
}

/** Whether the item is the page being shown (or, for /blog, one of its articles). */
export function isCurrent(item: PublicMenuItem, pathname: string, language: Language): boolean {
  const href = menuHref(item, false, language);
  if (item.kind !== 'link' || !href.startsWith('/') || href === '/') return false;
  const path = unprefixedPath(pathname);
  return path === href || path.startsWith(`${href}/`);
}
