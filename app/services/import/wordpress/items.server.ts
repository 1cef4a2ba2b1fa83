import { newId, nowIso } from '#app/lib/ids.ts';
import { ALREADY } from '#app/lib/import-report.ts';
import { isReservedPageSlug, slugify } from '#app/lib/slug.ts';
import { defaultContentLanguage } from '#app/services/content/content-language.server.ts';
import { refreshMediaUsage } from '#app/services/media/media-usage.server.ts';
import { linkTags } from '#app/services/posts/post-tags.server.ts';
import { publicWrite } from '#app/services/public-write.server.ts';

import { type MediaLookup, plainText, wordpressToMarkdown } from '../wordpress-content.server.ts';
import { wpDate, type WpItem } from '../wxr-items.ts';
import type { Attachment } from './media.server.ts';
import { clip, type ImportRun, ItemFailure } from './run-context.server.ts';

const TITLE_MAX = 200;
const CONTENT_MAX = 200_000;
const EXCERPT_MAX = 1000;

/** Where a post or page of the export is here (the comments and the redirect steps follow it). */
export interface ImportedItem {
  /** Its id here, or null when it was not imported. */
  targetId: string | null;
  /** Its address here, or null when it has none. */
  newPath: string | null;
  /** Published here, so visitors can reach its address. */
  live: boolean;
}

/** The WordPress slug as an Atelier slug (WordPress keeps non-ASCII slugs percent-encoded). */
function slugFrom(item: WpItem): string {
  let name = item.postName;
  try {
    name = decodeURIComponent(name);
  } catch {
    // kept as written
  }
  return slugify(name) || slugify(plainText(item.title)) || `${item.postType}-${item.postId}`;
}

/**
 * A post or a page: converted to Markdown with its date, status, excerpt, featured image, categories and tags, at a
 * free slug in the site's default language.
 */
export async function importContentItem(
  run: ImportRun,
  item: WpItem,
  media: MediaLookup,
  attachments: Map<string, Attachment>,
): Promise<ImportedItem> {
  const type = item.postType === 'page' ? 'pages' : 'posts';
  run.report.types[type].found++;
  const title = plainText(item.title);
  const label = `${item.postType} “${title || '(no title)'}” (WordPress id ${item.postId || '?'})`;
  let targetId: string | null = null;
  let newPath: string | null = null;
  let live = false;
  await run.attempt(type, label, async () => {
    if (!/^\d+$/.test(item.postId)) throw new ItemFailure('it has no wp:post_id');
    if (item.status === 'auto-draft') return { skipped: 'an unsaved WordPress auto-draft' };
    if (item.status === 'inherit') return { skipped: 'a revision' };
    const known = await run.mapped(item.postType, item.postId);
    const table = item.postType === 'page' ? 'pages' : 'blog_posts';
    if (known) {
      const row = await run.db.selectFrom(table).select(['slug', 'status']).where('id', '=', known).executeTakeFirst();
      targetId = row ? known : null;
      live = row?.status === 'published';
      newPath = row ? (item.postType === 'page' ? `/${row.slug}` : `/blog/${row.slug}`) : null;
      return { skipped: row ? ALREADY : 'already imported, since deleted here' };
    }
    const published = wpDate(item.postDateGmt) ?? wpDate(item.postDate);
    if ((item.status === 'publish' || item.status === 'future') && !published)
      throw new ItemFailure(`its publish date (“${item.postDateGmt || item.postDate}”) cannot be read`);
    const now = nowIso();
    let status: string;
    switch (item.status) {
      case 'publish':
        status = 'published';
        break;
      case 'future':
        status = published! > now ? 'scheduled' : 'published';
        break;
      case 'pending':
        status = item.postType === 'page' ? 'draft' : 'review';
        break;
      case 'trash':
        status = 'trash';
        break;
      case 'private':
        status = 'draft';
        run.note(label, 'private in WordPress, a draft here');
        break;
      default:
        status = 'draft';
    }
    if (!title) run.note(label, 'it had no title: “(no title)”');
    if (title.length > TITLE_MAX) run.note(label, `title shortened to ${TITLE_MAX} characters`);
    const converted = wordpressToMarkdown(item.content, item.postId, media);
    for (const text of converted.notes) run.note(label, text);
    if (converted.markdown.length > CONTENT_MAX)
      throw new ItemFailure(`its content is ${converted.markdown.length} characters once converted (at most ${CONTENT_MAX})`);
    let slug = slugFrom(item);
    if (item.postType === 'page' && isReservedPageSlug(slug)) {
      run.note(label, `the address /${slug} belongs to Atelier: the page is at /${slug}-page`);
      slug = `${slug}-page`;
    }
    const base = slug;
    for (let n = 2; status !== 'trash'; n++) {
      const taken = await run.db
        .selectFrom(table)
        .select('id')
        .where('slug', '=', slug)
        .where('language', '=', await defaultContentLanguage(run.db))
        .where('status', '<>', 'trash')
        .executeTakeFirst();
      if (!taken) break;
      slug = `${base}-${n}`;
    }
    if (slug !== base) run.note(label, `the slug “${base}” was taken: imported as “${slug}”`);
    const id = newId();
    targetId = id;
    live = status === 'published';
    newPath = item.postType === 'page' ? `/${slug}` : `/blog/${slug}`;
    const publishDate = status === 'draft' || status === 'review' ? null : published;
    const createdAt = published ?? now;
    const updatedAt = wpDate(item.modifiedGmt) ?? createdAt;
    if (run.dryRun) return 'imported';
    // Imported content is in the site's default language, each item its own translation group (decision 030).
    const language = await defaultContentLanguage(run.db);
    await publicWrite(async (trx) => {
      const common = {
        id,
        language,
        translation_group: id,
        title: clip(title || '(no title)', TITLE_MAX),
        slug,
        content: converted.markdown,
        meta_description: '',
        meta_keywords: '',
        publish_date: publishDate,
        scheduled_by: status === 'scheduled' ? run.actorId : null,
        version: 1,
        created_at: createdAt,
        updated_at: updatedAt,
      };
      if (item.postType === 'page') {
        await trx
          .insertInto('pages')
          .values({ ...common, status: status as 'draft', og_image: null })
          .execute();
        await refreshMediaUsage(trx, { kind: 'page', id });
      } else {
        const thumbnail = attachments.get(item.meta.get('_thumbnail_id')?.trim() ?? '');
        const author = run.userByLogin.get(item.creator);
        // The editor asks for an excerpt: a post without one gets the start of its text.
        const given = plainText(item.excerpt);
        const excerpt = given
          ? clip(given, EXCERPT_MAX)
          : clip(plainText(converted.markdown.replace(/!\[[^\]]*\]\([^)]*\)|[#*>`_]/g, '')), 300);
        const tags = [
          ...new Set(item.categories.filter((c) => c.domain === 'post_tag').map((c) => run.tagBySlug.get(c.slug) ?? plainText(c.name))),
        ];
        await trx
          .insertInto('blog_posts')
          .values({
            ...common,
            status: status as 'draft',
            excerpt,
            featured_image: thumbnail?.newUrl ?? null,
            featured_image_alt: thumbnail?.newUrl ? clip(thumbnail.alt, 300) : '',
            author_id: author?.id ?? run.actorId,
            author_name: clip(author?.name ?? run.authors.find((a) => a.login === item.creator)?.displayName ?? item.creator, 100),
            tags: JSON.stringify(tags),
            meta_title: '',
            views: 0,
            comments_off: item.commentStatus === 'closed' ? 1 : 0,
          })
          .execute();
        const categoryIds = [
          ...new Set(item.categories.filter((c) => c.domain === 'category').flatMap((c) => run.categoryBySlug.get(c.slug) ?? [])),
        ];
        if (categoryIds.length)
          await trx
            .insertInto('post_categories')
            .values(categoryIds.map((category_id) => ({ post_id: id, category_id })))
            .execute();
        await linkTags(trx, id, tags);
        if (item.meta.get('_thumbnail_id') && !thumbnail?.newUrl) run.note(label, 'its featured image was not imported');
        await refreshMediaUsage(trx, { kind: 'post', id });
      }
      await run.remember(trx, item.postType, item.postId, id, item.guid);
    });
    run.log(`${item.postType} ${slug}`);
    return 'imported';
  });
  return { targetId, newPath, live };
}
