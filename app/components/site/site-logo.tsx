import type { SiteShell } from '#app/services/site-shell/site-shell.server.ts';

import { SiteLink } from './site-link.tsx';

export function SiteLogo({ site, to = '/' }: { site: SiteShell['site']; to?: string }) {
  return (
    <SiteLink href={to} className="flex items-center gap-2 font-site-heading text-lg font-semibold text-site-headings">
      <img src={site.logo} alt={site.showSiteName ? '' : site.siteName} width={120} height={32} className="h-8 w-auto" />
      {site.showSiteName ? <span>{site.siteName}</span> : null}
    </SiteLink>
  );
}
