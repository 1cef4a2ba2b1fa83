import { Link } from 'react-router';

import { useTranslation } from '#app/i18n/use-translation.ts';
import type { ImageAttributes } from '#app/lib/responsive-image.ts';
import type { PostSummary } from '#app/services/posts/public-posts.server.ts';

import { CategoryChips, PostMeta } from './post-meta.tsx';
import { useSitePath } from './use-site-path.ts';

/** A blog list card (docs/product.md, Public site): image, date, author, views, title, three-line excerpt, categories, Read more. */
/** How soon the card's image is fetched: 'high' for the likely largest paint, 'eager' above the fold, else 'lazy'. */
export type ImagePriority = 'high' | 'eager' | 'lazy';

export function PostCard({
  post,
  image,
  imagePriority,
  comments,
}: {
  post: PostSummary;
  /** Approved comments on the post. */
  comments?: number;
  image: ImageAttributes | null;
  imagePriority: ImagePriority;
}) {
  const { language, t } = useTranslation();
  const sitePath = useSitePath();
  // A fallback (decision 035): the default language's post in another language's list, marked with its language.
  const fallback = post.language !== language;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl bg-site-bg shadow-sm ring-1 ring-site-border" data-testid="post-card">
      {image ? (
        <img
          {...image}
          // The card's drawn width: a third of the 80rem container, half the screen on tablets, the screen less its padding on phones.
          sizes="(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 768px) 46vw, calc(100vw - 2rem)"
          alt=""
          width={image.width ?? 800}
          height={image.height ?? 450}
          loading={imagePriority === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={imagePriority === 'high' ? 'high' : undefined}
          className="aspect-video w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-6">
        <PostMeta date={post.date} authorName={post.authorName} views={post.views} comments={comments} />
        {fallback ? (
          <p data-fallback-label="" className="self-start rounded bg-site-muted px-2 py-0.5 text-xs font-medium text-site-text">
            {t('blog.inLanguage', { language: t(`language.${post.language}`) })}
          </p>
        ) : null}
        <h2 className="font-site-heading text-xl font-semibold text-site-headings" lang={fallback ? post.language : undefined}>
          <Link to={sitePath(`/blog/${post.slug}`)} className="hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="line-clamp-3 text-sm leading-6 text-site-text" lang={fallback ? post.language : undefined}>
          {post.excerpt}
        </p>
        <CategoryChips categories={post.categories} label={t('blog.categories')} />
        <Link
          to={sitePath(`/blog/${post.slug}`)}
          className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-semibold text-site-primary-strong hover:underline"
        >
          {t('blog.readMore')}
          <span className="sr-only">: {post.title}</span>
        </Link>
      </div>
    </article>
  );
}
