import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link that is a plain anchor for in-page hashes (the browser scrolls
 * smoothly, see app.css) and a router Link for other pages.
 */
export function SiteLink(props: { href: string; className?: string; onClick?: () => void; children: ReactNode; 'aria-current'?: 'page' }) {
  const { href, children, ...rest } = props;
  if (href.startsWith('#')) {
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
