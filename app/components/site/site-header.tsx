import { Icon } from './icon.tsx';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '#app/i18n/use-translation.ts';
import type { SiteShell } from '#app/services/site-shell/site-shell.server.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { NAV_LINKS, navHref } from './nav-links.ts';
import { SiteLink } from './site-link.tsx';
import { SiteLogo } from './site-logo.tsx';

/** Spec 2.1 layout shell: the fixed 4rem top bar with its mobile menu. */
export function SiteHeader({ site }: { site: SiteShell['site'] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onLanding = pathname === '/';
  const [open, setOpen] = useState(false);
  // Any navigation closes the mobile menu.
  useEffect(() => setOpen(false), [pathname]);

  const links = (mobile: boolean) =>
    NAV_LINKS.map((link) => (
      <li key={link.key}>
        <SiteLink
          href={navHref(link, onLanding)}
          onClick={() => setOpen(false)}
          aria-current={'path' in link && pathname.startsWith(link.path) ? 'page' : undefined}
          className={
            mobile
              ? 'block rounded-md px-3 py-3 text-base font-medium text-site-text hover:bg-gray-100'
              : 'rounded-md px-3 py-2 text-sm font-medium text-site-text hover:text-site-primary-strong aria-[current=page]:text-site-primary-strong'
          }
        >
          {t(`navigation.${link.key}`)}
        </SiteLink>
      </li>
    ));

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-gray-200/70 bg-site-bg/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-site-bg focus:px-3 focus:py-2">
        {t('navigation.skipToContent')}
      </a>
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <SiteLogo site={site} to={onLanding ? '#home' : '/'} />
        <nav aria-label={t('navigation.main')} className="hidden md:block">
          <ul className="flex items-center gap-1">{links(false)}</ul>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-md text-site-text hover:bg-gray-100 md:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t('navigation.closeMenu') : t('navigation.openMenu')}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <Icon name="x" className="h-6 w-6" /> : <Icon name="menu" className="h-6 w-6" />}
          </button>
        </div>
      </div>
      <nav
        id="mobile-menu"
        aria-label={t('navigation.main')}
        data-open={open}
        className="invisible absolute inset-x-0 top-16 -translate-y-2.5 border-b border-gray-200 bg-site-bg px-4 pb-4 opacity-0 shadow-lg transition duration-200 data-[open=true]:visible data-[open=true]:translate-y-0 data-[open=true]:opacity-100 motion-reduce:transition-none md:hidden"
      >
        <ul className="space-y-1 pt-2">{links(true)}</ul>
      </nav>
    </header>
  );
}
