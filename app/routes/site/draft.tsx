import { data } from 'react-router';

import { SiteErrorBoundary, siteErrorMeta } from '#app/components/site/site-error-page.tsx';
import { siteMatchData } from '#app/lib/seo.ts';
import { openDraftLink } from '#app/services/content/draft-links.server.ts';
import { imageAttributesFor } from '#app/services/media/media-by-url.server.ts';
import { getPageForDraftLink } from '#app/services/pages/public-pages.server.ts';
import { getPostForDraftLink } from '#app/services/posts/public-posts.server.ts';

import type { Route } from './+types/draft';
import BlogPost from './blog-post.tsx';
import StaticPage from './page.tsx';

/**
 * Never stored by any cache, never indexed: server/app.ts sets these on every /draft answer (the document's too, so
 * no `headers` export repeats them); the loader's data answers (client navigations) carry them as well.
 */
const PRIVATE = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };

/**
 * A draft link (docs/product.md, "Draft links"): the saved state of the page or post it names, as the public page
 * shows it, while the link is neither expired nor revoked. Anything else is the site's 404, alike for a guess, an
 * expired, a revoked link and a trashed item.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const link = await openDraftLink(params.token);
  const gone = () => data({ message: 'Not found' }, { status: 404, headers: PRIVATE });
  if (!link) throw gone();
  if (link.kind === 'page') {
    const page = await getPageForDraftLink(link.id);
    if (!page) throw gone();
    return data({ kind: 'page' as const, page }, { headers: PRIVATE });
  }
  const post = await getPostForDraftLink(link.id);
  if (!post) throw gone();
  const images = await imageAttributesFor([post.featuredImage]);
  const featuredImage = post.featuredImage ? (images[post.featuredImage] ?? null) : null;
  return data({ kind: 'post' as const, post, featuredImage }, { headers: PRIVATE });
}

export const meta: Route.MetaFunction = ({ data: loaded, matches, error }) => {
  const site = siteMatchData(matches);
  if (!loaded || !site) return [...siteErrorMeta({ error, matches }), { name: 'robots', content: 'noindex, nofollow' }];
  const title = loaded.kind === 'page' ? loaded.page.title : loaded.post.title;
  return [{ title: `Draft preview: ${title} · ${site.shell.site.siteName}` }, { name: 'robots', content: 'noindex, nofollow' }];
};

export default function DraftPreview({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950">
        Draft preview — not published; this is how it will look.
      </p>
      {loaderData.kind === 'page' ? (
        <StaticPage {...({ loaderData: { page: loaderData.page } } as unknown as Parameters<typeof StaticPage>[0])} />
      ) : (
        <BlogPost
          {...({ loaderData: { post: loaderData.post, featuredImage: loaderData.featuredImage } } as unknown as Parameters<
            typeof BlogPost
          >[0])}
        />
      )}
    </>
  );
}

export const ErrorBoundary = SiteErrorBoundary;
