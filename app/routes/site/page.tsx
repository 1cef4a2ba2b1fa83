import { data } from 'react-router';

import { SiteErrorBoundary, siteErrorMeta } from '#app/components/site/site-error-page.tsx';
import { publicPage } from '#app/lib/public-routes.ts';
import { seoMeta, siteMatchData } from '#app/lib/seo.ts';
import { getPublishedPage } from '#app/services/pages/public-pages.server.ts';

import type { Route } from './+types/page';

/** A public page: one answer per language for every anonymous visitor (see app/lib/public-routes.ts). */
export const handle = publicPage;

export async function loader({ params }: Route.LoaderArgs) {
  const page = await getPublishedPage(params.slug);
  // Drafts, trashed pages and unknown slugs are all the same 404 to visitors.
  if (!page) throw data({ message: 'Not found' }, { status: 404 });
  return { page };
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
    origin: site.origin,
    language: site.language,
    siteName,
    image: page.ogImage,
  });
};

/** Spec 2.1 static pages: the published page's Markdown, rendered and sanitized on the server. */
export default function StaticPage({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="font-site-heading text-4xl font-bold text-site-headings">{page.title}</h1>
      {/* Sanitized by renderMarkdown on the server. */}
      <div className="site-prose mt-6 text-site-text" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}

/** A failing page keeps the site's look: its status, the header and footer, and the ways on. */
export const ErrorBoundary = SiteErrorBoundary;
