import { SiteErrorBoundary, siteErrorMeta } from '#app/components/site/site-error-page.tsx';
import { TranslationNotice } from '#app/components/site/translation-notice.tsx';
import { publicPages, translatedItem } from '#app/http/translated-item.server.ts';
import { publicPage } from '#app/lib/public-routes.ts';
import { seoMeta, siteMatchData, translatedItemSeo } from '#app/lib/seo.ts';

import type { Route } from './+types/page';

/** A public page: one answer per URL for every anonymous visitor (see app/lib/public-routes.ts). */
export const handle = publicPage;

/** `/{slug}` and `/{lang}/{slug}`: the page in the URL's language, or the default language's with a notice (decision 030). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const { item: page, ...languages } = await translatedItem(request, params.slug, publicPages);
  return { page, ...languages };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, error }) => {
  const site = siteMatchData(matches);
  if (!loaderData || !site) return siteErrorMeta({ error, matches });
  const { page } = loaderData;
  const siteName = site.shell.site.siteName;
  return seoMeta({
    title: `${page.title} · ${siteName}`,
    description: page.metaDescription,
    keywords: page.metaKeywords,
    path: `/${page.slug}`,
    ...translatedItemSeo(site, loaderData),
    image: page.ogImage,
  });
};

/** Spec 2.1 static pages: the published page's Markdown, rendered and sanitized on the server. */
export default function StaticPage({ loaderData: { page, fallback } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      {fallback ? <TranslationNotice kind="page" /> : null}
      <article lang={fallback ? page.language : undefined}>
        <h1 className="font-site-heading text-4xl font-bold text-site-headings">{page.title}</h1>
        {/* Sanitized by renderMarkdown on the server. */}
        <div className="site-prose mt-6 text-site-text" dangerouslySetInnerHTML={{ __html: page.html }} />
      </article>
    </div>
  );
}

/** A failing page keeps the site's look: its status, the header and footer, and the ways on. */
export const ErrorBoundary = SiteErrorBoundary;
