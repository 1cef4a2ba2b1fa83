import { getDb } from '#app/db/client.server.ts';
import { defaultContact, defaultSiteSettings, defaultSocial, type SiteSettings } from '#app/services/settings/defaults.ts';
import type { ContactInfo, SocialLinks } from '#app/services/settings/defaults.ts';
import { parseJson } from '#app/lib/json.ts';
import { DEFAULT_THEME_STYLES, type ThemeStyles } from '#app/lib/theme-css.ts';

export interface MenuLink {
  title: string;
  path: string;
}

export interface SiteShell {
  site: Pick<SiteSettings, 'siteName' | 'showSiteName' | 'tagline' | 'logo'>;
  social: SocialLinks;
  contact: ContactInfo;
  footerMenu: MenuLink[];
  theme: ThemeStyles;
}

/** Everything the public header and footer show, read fresh so editors' changes appear at once. */
export async function getSiteShell(): Promise<SiteShell> {
  const db = getDb();
  const [settings, footerMenu, theme] = await Promise.all([
    db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ['site', 'social', 'contact']).execute(),
    db.selectFrom('menu_items').select(['title', 'path']).where('location', '=', 'footer').orderBy('sort_order').execute(),
    db.selectFrom('themes').select('styles').where('is_active', '=', 1).executeTakeFirst(),
  ]);
  const setting = <T>(key: string, fallback: T): T => ({ ...fallback, ...parseJson<Partial<T>>(settings.find((row) => row.key === key)?.value, {}) });
  const site = setting('site', defaultSiteSettings);
  return {
    site: { siteName: site.siteName, showSiteName: site.showSiteName, tagline: site.tagline, logo: site.logo || defaultSiteSettings.logo },
    social: setting('social', defaultSocial),
    contact: setting('contact', defaultContact),
    footerMenu,
    theme: parseJson<ThemeStyles>(theme?.styles, DEFAULT_THEME_STYLES),
  };
}
