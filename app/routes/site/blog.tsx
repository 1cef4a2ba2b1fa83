import { data, Link } from 'react-router';

import { BlogSearch } from '#app/components/site/blog-search.tsx';
import { PostCard } from '#app/components/site/post-card.tsx';
import { SiteErrorBoundary, siteErrorMeta } from '#app/components/site/site-error-page.tsx';
import { useSitePath } from '#app/components/site/use-site-path.ts';
import { siteRequestLanguage } from '#app/i18n/detect.ts';
import { getMessages } from '#app/i18n/messages.server.ts';
import { createTranslate } from '#app/i18n/translate.ts';
import { useTranslation } from '#app/i18n/use-translation.ts';
import { publicPage } from '#app/lib/public-routes.ts';
import { seoMeta, siteMatchData } from '#app/lib/seo.ts';
import { approvedCommentCounts } from '#app/services/comments/comment-queries.server.ts';
import { imageAttributesFor } from '#app/services/media/media-by-url.server.ts';
import { type Archive, listArchive } from '#app/services/posts/archives.server.ts';
import { BLOG_SEARCH_MAX, listPublishedPosts } from '#app/services/posts/public-posts.server.ts';
import { getSiteSettingsForRequest } from '#app/services/settings/settings.server.ts';

import type { Route } from './+types/blog';

/** A public page: one answer per language for every anonymous visitor (see app/lib/public-routes.ts). */
export const handle = publicPage;

/** The list's own path: the blog, or one of its archives (decision 036). */
function blogListPath(archive: Pick<Archive, 'kind' | 'slug'> | null): string {
  return archive ? `/blog/${archive.kind}/${archive.slug}` : '/blog';
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const searchParams = new URL(request.url).searchParams;
  const requested = Number(searchParams.get('page') ?? '1');
  const page = Number.isSafeInteger(requested) && requested > 0 ? requested : 1;
  const language = siteRequestLanguage(request);
  const t = createTranslate(getMessages(language));
  // Each language's blog lists its own translations (decision 030), and with Settings → General's 'Include fallbacks
  // in lists' the default language's posts not translated yet, marked on their cards (decision 035).
  const { includeFallbacks } = await getSiteSettingsForRequest();
  const fallbacks = !!includeFallbacks;
  const kind = params.category !== undefined ? 'category' : params.tag !== undefined ? 'tag' : null;
  // The blog's search (?q=, also offered by the error pages): such a list is rendered per request, never cached.
  const query = kind ? '' : (searchParams.get('q') ?? '').trim().slice(0, BLOG_SEARCH_MAX);
  const list = kind
    ? await listArchive({ kind, slug: (kind === 'category' ? params.category : params.tag) ?? '', page, language, fallbacks })
    : { ...(await listPublishedPosts({ page, query, language, fallbacks })), archive: null };
  // No such category or tag here, or a page past the last: a 404 (and so never cached), not a copy of the last page.
  if (!list || page > list.pageCount) throw data({ message: 'Not found' }, { status: 404 });
  const [images, commentCounts] = await Promise.all([
    imageAttributesFor(list.items.map((post) => post.featuredImage)),
    approvedCommentCounts(list.items.map((post) => post.id)),
  ]);
  const archive = list.archive;
  const heading = archive
    ? {
        title: t(archive.kind === 'category' ? 'blog.categoryTitle' : 'blog.tagTitle', { name: archive.name }),
        intro: t(archive.kind === 'category' ? 'blog.categoryIntro' : 'blog.tagIntro', { name: archive.name }),
      }
    : { title: t('blog.title'), intro: t('blog.intro') };
  return { ...list, query, images, commentCounts, ...heading };
}

export const meta: Route.MetaFunction = ({ data, matches, error }) => {
  const site = siteMatchData(matches);
  if (!data || !site) return siteErrorMeta({ error, matches });
  const siteName = site.shell.site.siteName;
  // Search results are not a page of their own for search engines.
  if (data.query) return [{ title: `${data.title} · ${siteName}` }, { name: 'robots', content: 'noindex' }];
  const path = blogListPath(data.archive);
  return seoMeta({
    title: `${data.title}${data.page > 1 ? ` (${data.page}/${data.pageCount})` : ''} · ${siteName}`,
    description: data.intro,
    path: data.page > 1 ? `${path}?page=${data.page}` : path,
    origin: site.origin,
    language: site.language,
    defaultLanguage: site.defaultLanguage,
    siteName,
  });
};

/** Spec 2.1 blog list: published posts, newest first, three columns on large screens, paginated; also a category's or a tag's. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sitePath = useSitePath();
  const { items: posts, page, pageCount: pages, query, archive } = loaderData;
  const listPath = sitePath(blogListPath(archive));
  const pageLink = (to: number) => {
    const search = new URLSearchParams();
    if (query) search.set('q', query);
    if (to > 1) search.set('page', String(to));
    const text = search.toString();
    return text ? `${listPath}?${text}` : listPath;
  };
  return (
    <div className="mx-auto max-w-7xl px-4 py-[var(--theme-section-spacing)] sm:px-6 lg:px-8">
      <header className="max-w-2xl">
        {archive ? (
          <Link to={sitePath('/blog')} className="mb-2 inline-block text-sm font-medium text-site-primary-strong hover:underline">
            {t('blog.allArticles')}
          </Link>
        ) : null}
        <h1 className="font-site-heading text-4xl font-bold text-site-headings">{loaderData.title}</h1>
        <p className="mt-3 text-lg text-site-text">{loaderData.intro}</p>
      </header>
      <BlogSearch query={query} />
      {query ? (
        <h2 className="mt-8 font-site-heading text-xl font-semibold text-site-headings">
          {posts.length ? t('blog.results', { query }) : t('blog.noResults', { query })}
        </h2>
      ) : null}
      {posts.length ? (
        <div className="mt-10 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, index) => (
            <PostCard
              key={post.id}
              post={post}
              image={post.featuredImage ? (loaderData.images[post.featuredImage] ?? null) : null}
              comments={loaderData.commentCounts[post.id] ?? 0}
              imagePriority={index === 0 ? 'high' : index < 3 ? 'eager' : 'lazy'}
            />
          ))}
        </div>
      ) : query ? null : (
        <p className="mt-10 text-site-text">{t('blog.empty')}</p>
      )}
      {pages > 1 ? (
        <nav aria-label={t('blog.pagination')} className="mt-12 flex items-center justify-between gap-4">
          {page > 1 ? (
            <Link
              to={pageLink(page - 1)}
              rel="prev"
              className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-site-muted"
            >
              {t('blog.previous')}
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-site-text">{t('blog.pageOf', { page, pages })}</p>
          {page < pages ? (
            <Link
              to={pageLink(page + 1)}
              rel="next"
              className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-site-muted"
            >
              {t('blog.next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

/** A failing page keeps the site's look: its status, the header and footer, and the ways on. */
export const ErrorBoundary = SiteErrorBoundary;
