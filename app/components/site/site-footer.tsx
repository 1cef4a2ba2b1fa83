import { useLocation } from 'react-router';

import { unprefixedPath } from '#app/i18n/detect.ts';
import { useTranslation } from '#app/i18n/use-translation.ts';
import type { SiteShell } from '#app/services/site-shell/site-shell.server.ts';

import { Icon } from './icon.tsx';
import { menuHref, menuTitle } from './menu-links.ts';
import { SiteLink } from './site-link.tsx';
import { SiteLogo } from './site-logo.tsx';

const SOCIAL = [
  { key: 'twitter', icon: 'twitter' },
  { key: 'linkedin', icon: 'linkedin' },
  { key: 'instagram', icon: 'instagram' },
] as const;

/** The footer: logo, social links, the header menu's top-level links, the footer menu and the copyright year. */
export function SiteFooter({ shell }: { shell: Pick<SiteShell, 'site' | 'social' | 'menus'> }) {
  const { language, t } = useTranslation();
  const onLanding = unprefixedPath(useLocation().pathname) === '/';
  const linkClass = 'text-sm text-site-text hover:text-site-primary-strong hover:underline';
  return (
    <footer className="border-t border-site-border bg-site-bg">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="space-y-4 md:col-span-2">
          <SiteLogo site={shell.site} />
          {shell.site.tagline ? <p className="max-w-sm text-sm text-site-text">{shell.site.tagline}</p> : null}
          <ul className="flex gap-3" aria-label={t('footer.follow')}>
            {SOCIAL.map(({ key, icon }) =>
              shell.social[key] ? (
                <li key={key}>
                  <a
                    href={shell.social[key]}
                    rel="noopener noreferrer"
                    target="_blank"
                    data-social={key}
                    aria-label={t(`footer.social.${key}`)}
                    className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-gray-300 text-site-text hover:border-site-primary-strong hover:text-site-primary-strong"
                  >
                    <Icon name={icon} className="h-5 w-5" />
                  </a>
                </li>
              ) : null,
            )}
          </ul>
        </div>
        {(
          [
            ['footer.links', shell.menus.header],
            ['footer.legal', shell.menus.footer],
          ] as const
        ).map(([label, items]) => (
          <nav key={label} aria-label={t(label)}>
            <h2 className="font-site-heading text-sm font-semibold text-site-headings">{t(label)}</h2>
            <ul className="mt-3 space-y-2">
              {items.map((item, index) => (
                <li key={index}>
                  <SiteLink href={menuHref(item, onLanding, language)} className={linkClass}>
                    {menuTitle(item, language)}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-site-border py-6 text-center text-sm text-site-text">
        {t('footer.copyright', { year: new Date().getFullYear(), siteName: shell.site.siteName })}
      </p>
    </footer>
  );
}
