import { EyeOff } from 'lucide-react';
import { Link } from 'react-router';

/** Shown on every admin screen while Settings → Advanced discourages search engines (WordPress's "Search engines discouraged"). */
export function SearchEnginesBadge({ link }: { link: boolean }) {
  const label = (
    <>
      <EyeOff className="size-4" aria-hidden />
      Search engines discouraged
    </>
  );
  const look =
    'inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-950 ring-1 ring-amber-300';
  return (
    <div role="status" className="flex justify-end px-4 pt-3 sm:px-6 lg:px-8" data-search-engines-badge>
      {link ? (
        <Link
          to="/admin/settings?tab=advanced"
          className={`${look} hover:bg-amber-200`}
          title="Every page says noindex and robots.txt says Disallow: /. Change it in Settings → Advanced."
        >
          {label}
        </Link>
      ) : (
        <span className={look}>{label}</span>
      )}
    </div>
  );
}
