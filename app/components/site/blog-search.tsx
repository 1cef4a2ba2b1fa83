import { useId } from 'react';

import { useTranslation } from '#app/i18n/use-translation.ts';

import { useSitePath } from './use-site-path.ts';

/** A search of the blog (GET /blog?q=…): on the blog list and on the error pages; a plain form, no script. */
export function BlogSearch({ query = '', className = 'mt-8' }: { query?: string; className?: string }) {
  const { t } = useTranslation();
  const sitePath = useSitePath();
  const id = useId();
  return (
    <form method="get" action={sitePath('/blog')} role="search" className={`flex max-w-xl gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('blog.search')}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={query}
        maxLength={100}
        placeholder={t('blog.searchPlaceholder')}
        className="min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 focus:border-site-primary-strong focus:ring-2 focus:ring-site-primary-strong/30 focus:outline-none"
      />
      <button
        type="submit"
        className="rounded-md bg-site-primary-strong px-4 py-2 text-sm font-semibold text-site-on-primary hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {t('blog.searchButton')}
      </button>
    </form>
  );
}
