/** The top bar's five links (spec 2.1): in-page anchors on the landing page, except the blog. */
export const NAV_LINKS = [
  { key: 'home', anchor: 'home' },
  { key: 'about', anchor: 'about' },
  { key: 'services', anchor: 'services' },
  { key: 'blog', path: '/blog' },
  { key: 'contact', anchor: 'contact' },
] as const;

export type NavLink = (typeof NAV_LINKS)[number];

/** `#about` on the landing page (plain in-page scroll), `/#about` elsewhere. */
export function navHref(link: NavLink, onLanding: boolean): string {
  if ('path' in link) return link.path;
  return onLanding ? `#${link.anchor}` : `/#${link.anchor}`;
}
