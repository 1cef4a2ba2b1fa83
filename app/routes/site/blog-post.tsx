import { data, isRouteErrorResponse, Link } from 'react-router';

import { CommentsSection } from '#app/components/site/comments-section.tsx';
import { Icon } from '#app/components/site/icon.tsx';
import { CategoryChips, PostMeta } from '#app/components/site/post-meta.tsx';
import { ErrorWayOn, SiteErrorPage } from '#app/components/site/site-error-page.tsx';
import { TranslationNotice } from '#app/components/site/translation-notice.tsx';
import { useSitePath } from '#app/components/site/use-site-path.ts';
import { answerComment } from '#app/http/comment-submission.server.ts';
import { publicPosts, translatedItem } from '#app/http/translated-item.server.ts';
import { siteRequestLanguage } from '#app/i18n/detect.ts';
import { useTranslation } from '#app/i18n/use-translation.ts';
import { publicPage } from '#app/lib/public-routes.ts';
import { absoluteUrl, seoMeta, siteMatchData, translatedItemSeo } from '#app/lib/seo.ts';
import { slugify } from '#app/lib/slug.ts';
import { articleComments } from '#app/services/comments/article-comments.server.ts';
import { imageAttributesFor } from '#app/services/media/media-by-url.server.ts';
import { type AdjacentPost, adjacentPosts } from '#app/services/posts/adjacent-posts.server.ts';
import { getPublishedPost } from '#app/services/posts/public-posts.server.ts';

import type { Route } from './+types/blog-post';

/** A public page: one answer per language for every anonymous visitor (see app/lib/public-routes.ts). */
export const handle = publicPage;

/** `/blog/{slug}` and `/{lang}/blog/{slug}`: the article in the URL's language, or the default language's with a notice (decision 030). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const { item: post, ...languages } = await translatedItem(request, params.slug, publicPosts);
  const [images, comments, adjacent] = await Promise.all([
    imageAttributesFor([post.featuredImage]),
    articleComments(post.id, new URL(request.url).searchParams.get('replyto')),
    adjacentPosts(post),
  ]);
  return { post, featuredImage: post.featuredImage ? (images[post.featuredImage] ?? null) : null, comments, adjacent, ...languages };
}

/** A visitor's comment (docs/product.md, Comments): answered for this visitor alone, the article itself stays cached. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const post = params.slug ? await getPublishedPost(params.slug, siteRequestLanguage(request)) : null;
  if (!post) throw data({ message: 'Article not found' }, { status: 404 });
  return answerComment(post.id, request, context.clientIp);
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const site = siteMatchData(matches);
  if (!loaderData || !site) return [{ title: 'Article not found' }, { name: 'robots', content: 'noindex' }];
  const { post } = loaderData;
  const siteName = site.shell.site.siteName;
  const path = `/blog/${post.slug}`;
  const canonical = loaderData.alternates[loaderData.fallback ? loaderData.defaultLanguage : loaderData.language] ?? path;
  return seoMeta({
    title: post.metaTitle || `${post.title} · ${siteName}`,
    description: post.metaDescription || post.excerpt,
    keywords: post.metaKeywords || post.tags.join(', '),
    path,
    ...translatedItemSeo(site, loaderData),
    image: post.featuredImage,
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.excerpt,
      datePublished: post.date,
      dateModified: post.updatedAt,
      author: { '@type': 'Person', name: post.authorName },
      publisher: {
        '@type': 'Organization',
        name: siteName,
        logo: { '@type': 'ImageObject', url: absoluteUrl(site.origin, site.shell.site.logo) },
      },
      mainEntityOfPage: `${site.origin}${canonical}`,
      keywords: post.tags.join(', '),
      articleSection: post.categories,
      ...(post.featuredImage ? { image: absoluteUrl(site.origin, post.featuredImage) } : {}),
    },
  });
};

export default function BlogPost({ loaderData: { post, featuredImage, comments, fallback, adjacent } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sitePath = useSitePath();
  return (
    <article
      className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8"
      data-view-url={`/blog/${encodeURIComponent(post.slug)}/view`}
      data-post-id={post.id}
    >
      <BackToBlog />
      {fallback ? (
        <div className="mt-6">
          <TranslationNotice kind="article" />
        </div>
      ) : null}
      {featuredImage ? (
        <img
          {...featuredImage}
          sizes="(min-width: 768px) 768px, 100vw"
          alt={post.featuredImageAlt}
          width={featuredImage.width ?? 1200}
          height={featuredImage.height ?? 675}
          fetchPriority="high"
          className="mt-6 aspect-video w-full rounded-xl object-cover"
        />
      ) : null}
      <div lang={fallback ? post.language : undefined}>
        <h1 className="mt-8 font-site-heading text-3xl font-bold text-site-headings sm:text-4xl">{post.title}</h1>
        <div className="mt-4 space-y-3">
          {/* Spec 4 and 9: the page's script (app/site/enhance.ts) counts the view a second after it is shown, and writes the new figure here. */}
          <PostMeta date={post.date} authorName={post.authorName} views={post.views} comments={comments.count} live />
          <CategoryChips categories={post.categories} label={t('blog.categories')} />
        </div>
        {post.excerpt ? <p className="mt-6 text-lg leading-8 font-medium text-site-headings">{post.excerpt}</p> : null}
        {/* The same Markdown renderer, sanitizer and prose styles as pages (docs/decisions/025). */}
        <div className="site-prose mt-6 text-site-text" dangerouslySetInnerHTML={{ __html: post.html }} />
        {post.tags.length ? (
          <ul className="mt-10 flex flex-wrap gap-2 border-t border-site-border pt-6" aria-label={t('blog.tags')}>
            {post.tags.map((tag) => {
              // Each tag links to its archive (decision 036); one with no letter or digit has none.
              const slug = slugify(tag);
              const chip = 'rounded-md bg-site-muted px-2 py-1 text-sm text-site-text';
              return (
                <li key={tag} className={slug ? 'flex' : chip}>
                  {slug ? (
                    <Link to={sitePath(`/blog/tag/${slug}`)} className={`${chip} hover:underline`}>
                      #{tag}
                    </Link>
                  ) : (
                    `#${tag}`
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
      <AdjacentLinks {...adjacent} />
      <CommentsSection slug={post.slug} comments={comments} />
    </article>
  );
}

/** The older and the newer article of the blog (a blog's "previous post" and "next post"), each by its title. */
function AdjacentLinks({ previous, next }: { previous: AdjacentPost | null; next: AdjacentPost | null }) {
  const { t } = useTranslation();
  const sitePath = useSitePath();
  if (!previous && !next) return null;
  const link = 'flex flex-col gap-1 rounded-lg p-3 ring-1 ring-site-border hover:bg-site-muted';
  return (
    <nav aria-label={t('blog.adjacent')} className="mt-10 grid gap-4 sm:grid-cols-2">
      {previous ? (
        <Link to={sitePath(`/blog/${previous.slug}`)} rel="prev" className={link}>
          <span className="text-sm text-site-text">{t('blog.previousArticle')}</span>
          <span className="font-semibold text-site-headings">{previous.title}</span>
        </Link>
      ) : (
        <span className="hidden sm:block" />
      )}
      {next ? (
        <Link to={sitePath(`/blog/${next.slug}`)} rel="next" className={`${link} sm:text-right`}>
          <span className="text-sm text-site-text">{t('blog.nextArticle')}</span>
          <span className="font-semibold text-site-headings">{next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}

function BackToBlog() {
  const { t } = useTranslation();
  const sitePath = useSitePath();
  return (
    <Link
      to={sitePath('/blog')}
      className="inline-flex items-center gap-2 rounded-md text-sm font-semibold text-site-primary-strong hover:underline"
    >
      <Icon name="arrow-left" className="h-4 w-4" />
      {t('blog.backToBlog')}
    </Link>
  );
}

/** Spec 8: 'Article not found', with HTTP 404, inside the site's header and footer, with the ways on; any other error in the site's look. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  if (!isRouteErrorResponse(error) || error.status !== 404)
    return <SiteErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="font-site-heading text-3xl font-bold text-site-headings">{t('blog.notFoundTitle')}</h1>
      <p className="text-site-text">{t('blog.notFoundText')}</p>
      <BackToBlog />
      <ErrorWayOn />
    </div>
  );
}
