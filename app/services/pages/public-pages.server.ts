import { getDb } from '#app/db/client.server.ts';
import { siteContentLanguage } from '#app/services/content/content-language.server.ts';
import { renderMarkdown } from '#app/services/content/markdown.server.ts';

/**
 * A published page in `language` (the default content language when not given) with its Markdown rendered to
 * sanitized HTML; null for drafts, trash and unknown slugs.
 */
export async function getPublishedPage(slug: string, language?: string) {
  const lang = language ?? (await siteContentLanguage());
  return pageView(
    await pageColumns().where('slug', '=', slug).where('language', '=', lang).where('status', '=', 'published').executeTakeFirst(),
  );
}

/** A page as a draft link shows it: its saved state whatever its status, but not from the trash. */
export async function getPageForDraftLink(id: string) {
  return pageView(await pageColumns().where('id', '=', id).where('status', '<>', 'trash').executeTakeFirst());
}

const pageColumns = () =>
  getDb()
    .selectFrom('pages')
    .select([
      'id',
      'title',
      'slug',
      'content',
      'meta_description',
      'meta_keywords',
      'og_image',
      'updated_at',
      'language',
      'translation_group',
    ]);

function pageView(row: Awaited<ReturnType<ReturnType<typeof pageColumns>['executeTakeFirst']>>) {
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    html: renderMarkdown(row.content),
    metaDescription: row.meta_description,
    metaKeywords: row.meta_keywords,
    ogImage: row.og_image,
    updatedAt: row.updated_at,
    language: row.language,
    translationGroup: row.translation_group || row.id,
  };
}

/** The published pages of `language` (the default content language when not given). */
export async function listPublishedPages(language?: string) {
  const lang = language ?? (await siteContentLanguage());
  return getDb()
    .selectFrom('pages')
    .select(['slug', 'updated_at', 'translation_group'])
    .where('status', '=', 'published')
    .where('language', '=', lang)
    .orderBy('slug')
    .execute();
}
