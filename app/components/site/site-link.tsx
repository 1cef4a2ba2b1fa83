import type { ReactNode } from 'react';

/**
 * A link of the public site: always a plain anchor. Public pages are not hydrated (app/lib/static-pages.ts),
 * so a router Link would only cost render time; in-page hashes scroll smoothly (see app.css), and in a
 * theme preview theme-preview-links.js turns site links into full loads that keep the preview.
 */
export function SiteLink(props: { href: string; className?: string; children: ReactNode; 'aria-current'?: 'page' }) {
  const { href, children, ...rest } = props;
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
