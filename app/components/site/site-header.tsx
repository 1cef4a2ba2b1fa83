import { useLocation } from 'react-router';

import { unprefixedPath } from '#app/i18n/detect.ts';
import { useTranslation } from '#app/i18n/use-translation.ts';
import type { PublicMenuItem } from '#app/services/menus/public-menus.server.ts';
import type { SiteShell } from '#app/services/site-shell/site-shell.server.ts';

import { Icon } from './icon.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { isCurrent, menuHref, menuTitle } from './menu-links.ts';
import { SiteLink } from './site-link.tsx';
import { SiteLogo } from './site-logo.tsx';

const desktopLink =
  'rounded-md px-3 py-2 text-sm font-medium text-site-text hover:text-site-primary-strong aria-[current=page]:text-site-primary-strong';
const mobileLink = 'block rounded-md px-3 py-3 text-base font-medium text-site-text hover:bg-site-muted';

/**
 * A top-level header item with children: the submenu opens on hover and when focus enters the item
 * (so it works by keyboard before scripts run); the page's script (app/site/enhance.ts) drives its
 * toggle button, closing it when focus leaves and on Escape.
 */
function DropdownItem({ item, onLanding, pathname, index }: { item: PublicMenuItem; onLanding: boolean; pathname: string; index: number }) {
  const { language, t } = useTranslation();
  const title = menuTitle(item, language);
  const id = `submenu-${index}`;
  return (
    <li className="group relative flex items-center" data-open="false" data-dismissed="false">
      <SiteLink
        href={menuHref(item, onLanding, language)}
        aria-current={isCurrent(item, pathname, language) ? 'page' : undefined}
        className={desktopLink}
      >
        {title}
      </SiteLink>
      <button
        type="button"
        aria-expanded="false"
        aria-controls={id}
        aria-label={t('navigation.submenu', { title })}
        className="-ml-2 inline-flex h-8 w-6 items-center justify-center rounded-md text-site-text hover:text-site-primary-strong"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4 transition group-data-[open=true]:rotate-180"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      <ul
        id={id}
        className="invisible absolute top-full left-0 z-50 min-w-48 rounded-md border border-site-border bg-site-bg py-2 opacity-0 shadow-lg group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 group-data-[dismissed=true]:invisible group-data-[dismissed=true]:opacity-0 group-data-[open=true]:visible group-data-[open=true]:opacity-100"
      >
        {item.children.map((child, childIndex) => (
          <li key={childIndex}>
            <SiteLink
              href={menuHref(child, onLanding, language)}
              aria-current={isCurrent(child, pathname, language) ? 'page' : undefined}
              className="block px-4 py-2 text-sm text-site-text hover:bg-site-muted hover:text-site-primary-strong aria-[current=page]:text-site-primary-strong"
            >
              {menuTitle(child, language)}
            </SiteLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The fixed 4rem top bar, drawn from the header menu, with its mobile menu (opened by app/site/enhance.ts). */
export function SiteHeader({ site, menu }: { site: SiteShell['site']; menu: PublicMenuItem[] }) {
  const { language, t } = useTranslation();
  const { pathname } = useLocation();
  const onLanding = unprefixedPath(pathname) === '/';

  const mobileItem = (item: PublicMenuItem, key: number, nested = false) => (
    <li key={key}>
      <SiteLink
        href={menuHref(item, onLanding, language)}
        aria-current={isCurrent(item, pathname, language) ? 'page' : undefined}
        className={nested ? `${mobileLink} pl-8 text-sm` : mobileLink}
      >
        {menuTitle(item, language)}
      </SiteLink>
      {item.children.length ? <ul>{item.children.map((child, index) => mobileItem(child, index, true))}</ul> : null}
    </li>
  );

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-site-border/70 bg-site-bg/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-site-bg focus:px-3 focus:py-2"
      >
        {t('navigation.skipToContent')}
      </a>
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <SiteLogo site={site} to={onLanding ? '#home' : '/'} />
        <nav aria-label={t('navigation.main')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {menu.map((item, index) =>
              item.children.length ? (
                <DropdownItem key={index} item={item} index={index} onLanding={onLanding} pathname={pathname} />
              ) : (
                <li key={index}>
                  <SiteLink
                    href={menuHref(item, onLanding, language)}
                    aria-current={isCurrent(item, pathname, language) ? 'page' : undefined}
                    className={desktopLink}
                  >
                    {menuTitle(item, language)}
                  </SiteLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          {/* Both icons are drawn; aria-expanded picks one, so the page's script only flips attributes. */}
          <button
            type="button"
            className="group inline-flex h-10 w-10 items-center justify-center rounded-md text-site-text hover:bg-site-muted md:hidden"
            aria-expanded="false"
            aria-controls="mobile-menu"
            aria-label={t('navigation.openMenu')}
            data-menu-toggle=""
            data-label-open={t('navigation.openMenu')}
            data-label-close={t('navigation.closeMenu')}
          >
            <Icon name="menu" className="h-6 w-6 group-aria-expanded:hidden" />
            <Icon name="x" className="hidden h-6 w-6 group-aria-expanded:block" />
          </button>
        </div>
      </div>
      <nav
        id="mobile-menu"
        aria-label={t('navigation.main')}
        data-open="false"
        className="invisible absolute inset-x-0 top-16 max-h-[calc(100vh-4rem)] -translate-y-2.5 overflow-y-auto border-b border-site-border bg-site-bg px-4 pb-4 opacity-0 shadow-lg transition duration-200 data-[open=true]:visible data-[open=true]:translate-y-0 data-[open=true]:opacity-100 motion-reduce:transition-none md:hidden"
      >
        <ul className="space-y-1 pt-2">{menu.map((item, index) => mobileItem(item, index))}</ul>
      </nav>
    </header>
  );
}
