import { getDb } from '#app/db/client.server.ts';
import { parseJson } from '#app/lib/json.ts';
import type { MenuLocation } from '#app/schemas/menu.ts';
import { getPublicMenus, type PublicMenuItem } from '#app/services/menus/public-menus.server.ts';
import type { ContactInfo, SocialLinks } from '#app/services/settings/defaults.ts';
import { defaultContact, defaultSiteSettings, defaultSocial, type SiteSettings } from '#app/services/settings/defaults.ts';

export interface SiteShell {
  site: Pick<SiteSettings, 'siteName' | 'showSiteName' | 'tagline' | 'logo' | 'timezone' | 'dateFormat' | 'timeFormat'>;
  social: SocialLinks;
  contact: ContactInfo;
  /** The header and footer menus as visitors see them (unpublished targets left out). */
  menus: Record<MenuLocation, PublicMenuItem[]>;
}

/**
 * Everything the public header and footer show, read fresh so editors' changes appear at once, in `language`: the
 * site name, tagline and contact description of that language where Settings give one, else the default ones.
 */
export async function getSiteShell(language = ''): Promise<SiteShell> {
  const db = getDb();
  const [settings, menus] = await Promise.all([
    db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ['site', 'social', 'contact']).execute(),
    getPublicMenus(),
  ]);
  const setting = <T>(key: string, fallback: T): T => ({
    ...fallback,
    ...parseJson<Partial<T>>(settings.find((row) => row.key === key)?.value, {}),
  });
  const site = setting('site', defaultSiteSettings);
  const contact = setting('contact', defaultContact);
  const own = site.translations?.[language];
  const { translations: contactTranslations, ...contactShown } = contact;
  return {
    site: {
      siteName: own?.siteName || site.siteName,
      showSiteName: site.showSiteName,
      tagline: own?.tagline || site.tagline,
      logo: site.logo || defaultSiteSettings.logo,
      timezone: site.timezone,
      dateFormat: site.dateFormat,
      timeFormat: site.timeFormat,
    },
    social: setting('social', defaultSocial),
    contact: { ...contactShown, description: contactTranslations?.[language]?.description || contact.description },
    menus,
  };
}
