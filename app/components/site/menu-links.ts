import type { Language } from '#app/i18n/languages.ts';
import type { PublicMenuItem } from '#app/services/menus/menus.server.ts';

/** A landing-page section scrolls in place on the landing page and leads to `/#about` from elsewhere. */
export function menuHref(item: PublicMenuItem, onLanding: boolean): string {
  if (item.kind === 'anchor') return onLanding ? item.href : `/${item.href}`;
  return item.href;
}

/** The item's title in the visitor's language (the French title already falls back to English). */
export function menuTitle(item: PublicMenuItem, language: Language): string {
  return language === 'fr' ? item.titleFr : item.title;
}

/** Whether the item is the page being shown (or, for /blog, one of its articles). */
export function isCurrent(item: PublicMenuItem, pathname: string): boolean {
  if (item.kind !== 'link' || !item.href.startsWith('/') || item.href === '/') return false;
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}
