import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { createTranslate, type Messages } from '#app/i18n/translate.ts';
import { useTranslation } from '#app/i18n/use-translation.ts';

import { BlogSearch } from './blog-search.tsx';
import { Icon } from './icon.tsx';
import { useSitePath } from './use-site-path.ts';

const TEXTS = {
  404: ['errors.notFoundTitle', 'errors.notFoundText'],
  403: ['errors.forbiddenTitle', 'errors.forbiddenText'],
  500: ['errors.serverTitle', 'errors.serverText'],
  503: ['errors.maintenanceTitle', 'errors.maintenanceText'],
} as const;

/** The ways on from any error page: the home page, the blog, and a search of the blog. */
export function ErrorWayOn() {
  const { t } = useTranslation();
  const sitePath = useSitePath();
  const link = 'inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold';
  return (
    <nav aria-label={t('errors.wayOn')} className="mt-4 flex w-full flex-col items-center gap-4">
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={sitePath('/')} className={`${link} bg-site-primary-strong text-site-on-primary hover:opacity-90`}>
          {t('errors.home')}
        </Link>
        <Link
          to={sitePath('/blog')}
          className={`${link} border border-site-primary-strong text-site-primary-strong hover:bg-site-primary/10`}
        >
          {t('errors.blog')}
          <Icon name="arrow-right" className="h-4 w-4" />
        </Link>
      </div>
      <BlogSearch className="mt-2 w-full justify-center" />
    </nav>
  );
}

function textsFor(status: number) {
  const known = status in TEXTS ? TEXTS[status as keyof typeof TEXTS] : status >= 500 ? TEXTS[500] : null;
  return known ?? (['errors.otherTitle', 'errors.otherText'] as const);
}

/** The error page's title in the visitor's language, from the public layout's data; never listed by search engines. */
export function siteErrorMeta({ error, matches }: { error?: unknown; matches: ReadonlyArray<{ id: string; data?: unknown } | undefined> }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const site = matches.find((match) => match?.id === 'routes/site/layout')?.data as
    { messages?: Messages; shell?: { site: { siteName: string } } } | undefined;
  const t = createTranslate(site?.messages ?? {});
  const name = site?.shell?.site.siteName;
  return [{ title: `${t(textsFor(status)[0])}${name ? ` · ${name}` : ''}` }, { name: 'robots', content: 'noindex' }];
}

/**
 * An error page in the site's look, inside the public layout (theme, header, footer, the visitor's language): the
 * status, what happened, and the ways on. `status` 503 is the maintenance page.
 */
export function SiteErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const [title, text] = textsFor(status);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-24 text-center" data-error-status={status}>
      <p className="text-sm font-semibold tracking-widest text-site-primary-strong uppercase">{t('errors.code', { status })}</p>
      <h1 className="font-site-heading text-3xl font-bold text-site-headings sm:text-4xl">{t(title)}</h1>
      <p className="text-lg text-site-text">{t(text)}</p>
      <ErrorWayOn />
    </section>
  );
}

/**
 * The error boundary of every public page route: the status stays the one thrown (a 404 stays a 404, an
 * unexpected error is a 500), and the page keeps the site's header and footer. Nothing of the error is shown.
 */
export function SiteErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <SiteErrorPage status={status} />;
}
