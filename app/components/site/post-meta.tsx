import { Link, useRouteLoaderData } from 'react-router';

import type { Translate } from '#app/i18n/translate.ts';
import { useTranslation } from '#app/i18n/use-translation.ts';
import { formatDate } from '#app/lib/format-date.ts';
import { slugify } from '#app/lib/slug.ts';

import { useDatePrefs } from '../use-date-prefs.ts';
import { commentCountLabel } from './comment-list.tsx';
import { Icon } from './icon.tsx';
import { useSitePath } from './use-site-path.ts';

/** "1 view", "12 views" ("0 vue", "1 vue", "2 vues" in French): the counts that take the singular are the language's own. */
export function viewsLabel(t: Translate, count: number): string {
  const singular = t('blog.viewsSingular').split(' ').includes(String(count));
  return t(singular ? 'blog.view' : 'blog.views', { count });
}

/**
 * Date, author and view count of a post (docs/product.md, Public site: blog card and article); the count is left out
 * while Settings → Advanced hides view counts.
 */
export function PostMeta({
  date,
  authorName,
  views,
  comments,
  live = false,
}: {
  date: string;
  authorName: string;
  views: number;
  /** Approved comments (left out when not given). */
  comments?: number;
  live?: boolean;
}) {
  const { language, t } = useTranslation();
  const prefs = useDatePrefs();
  const hidden = useRouteLoaderData<{ hideViewCounts?: boolean }>('routes/site/layout')?.hideViewCounts ?? false;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-site-text">
      <span className="inline-flex items-center gap-1">
        <Icon name="calendar" className="h-4 w-4" />
        <time dateTime={date}>{formatDate(date, language, prefs)}</time>
      </span>
      <span className="inline-flex items-center gap-1">
        <Icon name="user" className="h-4 w-4" />
        {t('blog.by', { author: authorName })}
      </span>
      {/* live: the article's script writes the counted figure into the same label, in the singular where the language says. */}
      {hidden ? null : (
        <span
          className="inline-flex items-center gap-1"
          data-testid="post-views"
          data-views-template={live ? t('blog.views', { count: '{count}' }) : undefined}
          data-views-template-one={live ? t('blog.view', { count: '{count}' }) : undefined}
          data-views-singular={live ? t('blog.viewsSingular') : undefined}
        >
          <Icon name="eye" className="h-4 w-4" />
          <span data-views-text="">{viewsLabel(t, views)}</span>
        </span>
      )}
      {comments === undefined ? null : (
        <span className="inline-flex items-center gap-1" data-testid="post-comments">
          <Icon name="message-square" className="h-4 w-4" />
          {commentCountLabel(t, comments)}
        </span>
      )}
    </div>
  );
}

/** A post's categories, each a link to its archive in the page's language (`/blog/category/{slug}`, decision 036). */
export function CategoryChips({ categories, label }: { categories: string[]; label: string }) {
  const sitePath = useSitePath();
  if (!categories.length) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {categories.map((category) => {
        const slug = slugify(category);
        const chip = 'rounded-full bg-blue-50 px-2.5 py-1 text-xs font-medium text-blue-800';
        return (
          <li key={category} className={slug ? 'flex' : chip}>
            {slug ? (
              <Link to={sitePath(`/blog/category/${slug}`)} className={`${chip} hover:bg-blue-100 hover:underline`}>
                {category}
              </Link>
            ) : (
              category
            )}
          </li>
        );
      })}
    </ul>
  );
}
