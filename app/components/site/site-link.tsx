import type { ReactNode } from 'react';

import { useSitePath } from './use-site-path.ts';

/**
 * A link of the public site: always a plain anchor. Public pages are not hydrated (app/lib/static-pages.ts),
 * so a router Link would only cost render time; in-page hashes scroll smoothly (see app.css), and in a
 * theme preview theme-preview-links.js turns site links into full loads that keep the preview.
 */
export function SiteLink(props: { href: string; className?: string; children: ReactNode; 'aria-current'?: 'page' }) {
  const { href, children, ...rest } = props;
  const sitePath = useSitePath();
  return (
    <a href={localizedHref(href, sitePath)} {...rest}>
      {children}
    </a>
  );
}

/** A site path in the page's language (`/blog` → `/fr/blog`, `/#contact` → `/fr#contact`); files and other sites unchanged. */
function localizedHref(href: string, sitePath: (path: string) => string): string {
  if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/media/')) return href;
  const cut = href.search(/[?#]/);
  const path = cut < 0 ? href : href.slice(0, cut);
  return `${sitePath(path)}${cut < 0 ? '' : href.slice(cut)}`;
}
