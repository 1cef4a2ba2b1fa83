import { getDb } from '#app/db/client.server.ts';
import { renderMarkdown } from '#app/services/content/markdown.server.ts';

/** A published page with its Markdown rendered to sanitized HTML; null for drafts, trash and unknown slugs. */
export async function getPublishedPage(slug: string) {
  return pageView(await pageColumns().where('slug', '=', slug).where('status', '=', 'published').executeTakeFirst());
}

/** A page as a draft link shows it: its saved state whatever its status, but not from the trash. */
export async function getPageForDraftLink(id: string) {
  return pageView(await pageColumns().where('id', '=', id).where('status', '<>', 'trash').executeTakeFirst());
}

const pageColumns = () =>
  getDb().selectFrom('pages').select(['title', 'slug', 'content', 'meta_description', 'meta_keywords', 'og_image', 'updated_at']);

function pageView(row: Awaited<ReturnType<ReturnType<typeof pageColumns>['executeTakeFirst']>>) {
  if (!row) return null;
  return {
    title: row.title,
    slug: row.slug,
    html: renderMarkdown(row.content),
    metaDescription: row.meta_description,
    metaKeywords: row.meta_keywords,
    ogImage: row.og_image,
    updatedAt: row.updated_at,
  };
}

export async function listPublishedPages() {
  return getDb().selectFrom('pages').select(['slug', 'updated_at']).where('status', '=', 'published').orderBy('slug').execute();
}
