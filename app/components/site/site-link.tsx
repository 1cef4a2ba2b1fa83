import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A router Link for the site's own pages and a plain anchor for everything else: in-page hashes (the
 * browser scrolls smoothly, see app.css) and addresses outside the site (http, mailto, tel).
 */
export function SiteLink(props: { href: string; className?: string; onClick?: () => void; children: ReactNode; 'aria-current'?: 'page' }) {
  const { href, children, ...rest } = props;
  if (!href.startsWith('/')) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link to={href} {...rest}>
      {children}
    </Link>
  );
}
