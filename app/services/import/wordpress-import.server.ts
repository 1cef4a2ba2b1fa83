import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

import { type Kysely, sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { getEnv } from '#app/env.server.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import { ALREADY, IMPORT_TYPES, type ImportProblem, type ImportReport, type ImportType, type TypeReport } from '#app/lib/import-report.ts';
import { isReservedPageSlug, slugify } from '#app/lib/slug.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { bodyKey } from '#app/services/comments/comment-rules.ts';
import { defaultContentLanguage } from '#app/services/content/content-language.server.ts';
import { isUniqueViolation } from '#app/services/content/unique-violation.server.ts';
import { refreshMediaUsage } from '#app/services/media/media-usage.server.ts';
import { uploadTempDir } from '#app/services/media/storage.server.ts';
import { createMediaFromFile } from '#app/services/media/upload-media.server.ts';
import { publicWrite } from '#app/services/public-write.server.ts';
import { putRedirect } from '#app/services/redirects/redirect-rules.server.ts';

import { downloadFile } from './download-upload.server.ts';
import { type MediaLookup, plainText, wordpressToMarkdown } from './wordpress-content.server.ts';
import {
  readAuthor,
  readCategory,
  readItem,
  readTag,
  type WpAuthor,
  type WpComment,
  wpDate,
  type WpItem,
  type WpTerm,
} from './wxr-items.ts';
import { readWxr, WxrFormatError } from './wxr-reader.server.ts';

export interface ImportOptions {
  /** The WXR file. */
  file: string;
  /** The old site's wp-content/uploads folder, copied here; attachments not found in it are downloaded. */
  uploadsDir?: string;
  /** Download attachments from the old site (true unless said otherwise). */
  download?: boolean;
  /** Let downloads reach loopback and private addresses (an old site on this machine or network). */
  allowPrivateDownloads?: boolean;
  /** Read and convert everything, write nothing: the report says what an import would do. */
  dryRun?: boolean;
  /** Who runs it (audit, the uploader of the media, who scheduled future posts); null from the command line. */
  actorId?: string | null;
  /** Progress lines (the command line prints them). */
  log?: (line: string) => void;
}

const MAX_PROBLEMS = 200;
const MAX_NOTES = 500;
const TITLE_MAX = 200;
const CONTENT_MAX = 200_000;
const EXCERPT_MAX = 1000;
const COMMENT_MAX = 5000;
/** Post types that are neither content nor media: counted under "other" and skipped with their name. */
const CONTENT_TYPES = new Set(['post', 'page', 'attachment']);

class ItemFailure extends Error {}

const emptyType = (): TypeReport => ({ found: 0, imported: 0, skipped: 0, failed: 0, problems: [] });

interface Attachment {
  id: string;
  title: string;
  alt: string;
  caption: string;
  description: string;
  parent: string;
  url: string;
  attachedFile: string;
  /** The new address once imported (or, in a dry run, the address it would have). */
  newUrl: string | null;
}

/** An upload's address as the importer matches it: its path, without WordPress's size suffix (-300x200, -scaled). */
function uploadKey(url: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://old.invalid').pathname);
  } catch {
    return null;
  }
  const at = pathname.indexOf('/uploads/');
  if (at < 0) return null;
  return pathname.slice(at + '/uploads/'.length).replace(/-(?:\d+x\d+|scaled|rotated)(?=\.[a-z0-9]+$)/i, '');
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
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

/** The old permalink's path, when it is one a redirect can take (not `/?p=12`). */
function oldPath(link: string): string | null {
  try {
    const url = new URL(link);
    if (url.search || url.pathname === '/' || url.pathname === '') return null;
    return decodeURIComponent(url.pathname).replace(/\/+$/, '') || null;
  } catch {
    return null;
  }
}

/**
 * Imports a WordPress export (decision 033): authors as pending users, categories, tags, media (from an uploads
 * folder, or downloaded with limits), posts and pages converted to Markdown with their dates, statuses, excerpts,
 * featured images, categories and tags, comments with one level of replies, and each old permalink as a 301. Every
 * imported thing is recorded in `import_items` by its WordPress id, so running it again skips what is there and a run
 * that stopped half-way is finished by the next; each item is written in its own transaction and a failing item is
 * reported with its reason without stopping the others. Throws only when the file itself cannot be read.
 */
export async function importWordPress(options: ImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const file = await stat(options.file).catch(() => null);
  if (!file?.isFile()) throw new WxrFormatError(`There is no file at ${options.file}.`);
  const db = getDb();
  const dryRun = !!options.dryRun;
  const log = options.log ?? (() => undefined);
  const actorId = options.actorId ?? null;
  const types = Object.fromEntries(IMPORT_TYPES.map((type) => [type, emptyType()])) as Record<ImportType, TypeReport>;
  const report: ImportReport = { site: '', title: '', dryRun, types, notes: [], milliseconds: 0 };

  const problem = (type: ImportType, outcome: ImportProblem['outcome'], item: string, reason: string) => {
    types[type][outcome]++;
    if (types[type].problems.length < MAX_PROBLEMS) types[type].problems.push({ outcome, item, reason });
  };
  const note = (item: string, text: string) => {
    if (report.notes.length < MAX_NOTES) report.notes.push(`${item}: ${text}`);
  };

  // Pass 1: the channel (site, authors, terms) and the attachments, which posts refer to wherever they come.
  const authors: WpAuthor[] = [];
  const categories: WpTerm[] = [];
  const tags: WpTerm[] = [];
  const attachments = new Map<string, Attachment>();
  let baseSite = '';
  let items = 0;
  for await (const entry of readWxr(options.file)) {
    if (entry.kind === 'field') {
      if (entry.node.name === 'wp:base_site_url') baseSite = entry.node.text.trim();
      if (entry.node.name === 'link' && !report.site) report.site = entry.node.text.trim();
      if (entry.node.name === 'title' && !report.title) report.title = entry.node.text.trim();
    } else if (entry.kind === 'author') authors.push(readAuthor(entry.node));
    else if (entry.kind === 'category') categories.push(readCategory(entry.node));
    else if (entry.kind === 'tag') tags.push(readTag(entry.node));
    else {
      items++;
      const item = readItem(entry.node);
      if (item.postType !== 'attachment') continue;
      types.media.found++;
      attachments.set(item.postId || `(no id ${types.media.found})`, {
        id: item.postId,
        title: plainText(item.title),
        alt: item.meta.get('_wp_attachment_image_alt')?.trim() ?? '',
        caption: plainText(item.excerpt),
        description: plainText(item.content),
        parent: item.parent,
        url: item.attachmentUrl,
        attachedFile: item.meta.get('_wp_attached_file')?.trim() ?? '',
        newUrl: null,
      });
    }
  }
  if (!baseSite && !report.site && !items && !authors.length)
    throw new WxrFormatError('This is not a WordPress export: it has no wp:base_site_url, author or item.');
  const site = (baseSite || report.site).replace(/\/+$/, '');
  report.site = site;

  const mapped = async (type: string, sourceId: string) =>
    (
      await db
        .selectFrom('import_items')
        .select('target_id')
        .where('site', '=', site)
        .where('item_type', '=', type)
        .where('source_id', '=', sourceId)
        .executeTakeFirst()
    )?.target_id ?? null;
  const remember = (trx: Kysely<Database>, type: string, sourceId: string, targetId: string, guid = '') =>
    trx
      .insertInto('import_items')
      .values({ site, item_type: type, source_id: sourceId, guid, target_id: targetId, created_at: nowIso() })
      .execute();
  /** Runs one item's work; a thrown error fails that item alone, with its message as the reason. */
  const attempt = async (type: ImportType, label: string, work: () => Promise<'imported' | { skipped: string }>) => {
    try {
      const outcome = await work();
      if (outcome === 'imported') types[type].imported++;
      else problem(type, 'skipped', label, outcome.skipped);
    } catch (error) {
      const reason = error instanceof ItemFailure || error instanceof Error ? error.message : String(error);
      problem(type, 'failed', label, isUniqueViolation(error) ? 'already imported by another run at the same time' : reason);
    }
  };

  const authorLogins = new Map(authors.map((author) => [author.id, author.login]));
  // Authors: pending users (an administrator sends the invitation), or the user who already has that e-mail.
  const userByLogin = new Map<string, { id: string; name: string }>();
  for (const author of authors) {
    types.authors.found++;
    const label = `author ${author.login || '(no login)'}`;
    await attempt('authors', label, async () => {
      if (!author.login) throw new ItemFailure('it has no wp:author_login');
      const known = await mapped('author', author.login);
      if (known) {
        userByLogin.set(author.login, { id: known, name: author.displayName });
        return { skipped: ALREADY };
      }
      const email = author.email.toLowerCase();
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new ItemFailure(`no usable e-mail address (“${author.email}”)`);
      const existing = await db.selectFrom('users').select(['id', 'name']).where('email', '=', email).executeTakeFirst();
      if (existing) {
        userByLogin.set(author.login, existing);
        if (!dryRun) await publicWrite((trx) => remember(trx, 'author', author.login, existing.id));
        return { skipped: `${email} is already a user here (their posts are theirs)` };
      }
      const role = await db.selectFrom('roles').select('id').where('id', 'in', ['author', 'contributor']).orderBy('id').executeTakeFirst();
      if (!role) throw new ItemFailure('there is no author or contributor role to give them');
      const id = newId();
      userByLogin.set(author.login, { id, name: author.displayName });
      if (dryRun) return 'imported';
      await publicWrite(async (trx) => {
        const now = nowIso();
        await trx
          .insertInto('users')
          .values({
            id,
            email,
            name: clip(author.displayName, 100),
            password_hash: null,
            role_id: role.id,
            status: 'pending',
            avatar: null,
            last_login_at: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await remember(trx, 'author', author.login, id);
      });
      return 'imported';
    });
  }

  // Categories (one level in Atelier: a child category is imported beside its parent) and tags (words on posts).
  const categoryBySlug = new Map<string, string>();
  for (const category of categories) {
    types.categories.found++;
    const name = clip(plainText(category.name), 100);
    await attempt('categories', `category ${name || category.slug}`, async () => {
      if (!category.slug || !name) throw new ItemFailure('it has no slug or no name');
      const known = await mapped('category', category.slug);
      if (known) {
        categoryBySlug.set(category.slug, known);
        return { skipped: ALREADY };
      }
      const existing = await db
        .selectFrom('categories')
        .select('id')
        .where(sql<boolean>`lower(name) = lower(${name})`)
        .executeTakeFirst();
      const id = existing?.id ?? newId();
      categoryBySlug.set(category.slug, id);
      if (category.parent) note(`category ${name}`, `a sub-category of “${category.parent}” in WordPress, a category of its own here`);
      if (dryRun) return existing ? { skipped: 'a category of that name is already here (used as it is)' } : 'imported';
      await publicWrite(async (trx) => {
        if (!existing) await trx.insertInto('categories').values({ id, name, created_at: nowIso() }).execute();
        await remember(trx, 'category', category.slug, id);
      });
      return existing ? { skipped: 'a category of that name is already here (used as it is)' } : 'imported';
    });
  }
  const tagBySlug = new Map<string, string>();
  for (const tag of tags) {
    types.tags.found++;
    const name = clip(plainText(tag.name), 100);
    await attempt('tags', `tag ${name || tag.slug}`, async () => {
      if (!tag.slug || !name) throw new ItemFailure('it has no slug or no name');
      tagBySlug.set(tag.slug, name);
      if (await mapped('tag', tag.slug)) return { skipped: ALREADY };
      if (!dryRun) await publicWrite((trx) => remember(trx, 'tag', tag.slug, name));
      return 'imported';
    });
  }

  // Media: from the uploads folder when given and the file is there, else downloaded from the old site.
  const maxBytes = getEnv().UPLOAD_MAX_BYTES;
  const uploadsRoot = options.uploadsDir ? path.resolve(options.uploadsDir) : null;
  const byUploadKey = new Map<string, Attachment>();
  for (const attachment of attachments.values()) {
    const label = `media “${attachment.title || attachment.url}” (WordPress id ${attachment.id || '?'})`;
    const key = uploadKey(attachment.url) ?? (attachment.attachedFile || null);
    await attempt('media', label, async () => {
      if (!attachment.id) throw new ItemFailure('it has no wp:post_id');
      if (!attachment.url && !attachment.attachedFile) throw new ItemFailure('it names no file (no wp:attachment_url)');
      const known = await mapped('attachment', attachment.id);
      if (known) {
        const row = await db.selectFrom('media').select('url').where('id', '=', known).executeTakeFirst();
        attachment.newUrl = row?.url ?? null;
        if (key) byUploadKey.set(key, attachment);
        return { skipped: row ? ALREADY : 'already imported, since deleted here' };
      }
      const relative = attachment.attachedFile || key || '';
      const local = uploadsRoot && relative ? path.resolve(uploadsRoot, relative) : null;
      const inside = local && !path.relative(uploadsRoot!, local).startsWith('..') && !path.isAbsolute(path.relative(uploadsRoot!, local));
      const present = inside ? await stat(local).catch(() => null) : null;
      if (!present?.isFile() && options.download === false)
        throw new ItemFailure(uploadsRoot ? `${relative} is not in the uploads folder` : 'no uploads folder given and downloads are off');
      if (present && present.size > maxBytes) throw new ItemFailure(`larger than the upload limit (${present.size} bytes)`);
      const name = path.basename(relative || new URL(attachment.url).pathname) || `attachment-${attachment.id}`;
      if (dryRun) {
        attachment.newUrl = `/media/(dry-run)/${name}`;
        if (key) byUploadKey.set(key, attachment);
        return present?.isFile() ? 'imported' : { skipped: `would be downloaded from ${attachment.url} (not tried in a dry run)` };
      }
      await mkdir(uploadTempDir(), { recursive: true });
      const temp = path.join(uploadTempDir(), `import-${newId()}`);
      try {
        let size: number;
        if (present?.isFile()) {
          await copyFile(local!, temp);
          size = present.size;
        } else {
          try {
            size = await downloadFile(attachment.url, temp, { maxBytes, allowPrivate: !!options.allowPrivateDownloads });
          } catch (error) {
            const why = `could not be downloaded from ${attachment.url}: ${(error as Error).message}`;
            throw new ItemFailure(uploadsRoot ? `${relative} is not in the uploads folder and ${why}` : why);
          }
        }
        // The row and the record of its source commit together: a process that dies in between leaves neither (the
        // upload journal removes the stored files at the next start), so a re-run never stores the file twice.
        const item = await createMediaFromFile(
          { path: temp, name, claimedMime: '', size },
          {
            uploadedBy: actorId,
            details: {
              title: clip(attachment.title, 200),
              alt: clip(attachment.alt || attachment.title, 300),
              description: clip([attachment.caption, attachment.description].filter(Boolean).join('\n\n'), 2000),
            },
            recordWith: (trx, stored) => remember(trx, 'attachment', attachment.id, stored.id, attachment.url),
          },
        );
        attachment.newUrl = item.url;
        if (key) byUploadKey.set(key, attachment);
        log(`media ${name} → ${item.url}`);
        return 'imported';
      } finally {
        await rm(temp, { force: true });
      }
    });
  }
  const imageOf = (attachment: Attachment | undefined) =>
    attachment?.newUrl ? { url: attachment.newUrl, alt: attachment.alt, caption: attachment.caption } : null;
  const media: MediaLookup = {
    urlFor(oldUrl) {
      const key = uploadKey(oldUrl);
      return key ? (byUploadKey.get(key)?.newUrl ?? null) : null;
    },
    attachment: (id) => imageOf(attachments.get(id)),
    attachedTo: (postId) =>
      [...attachments.values()].filter((attachment) => attachment.parent === postId).flatMap((attachment) => imageOf(attachment) ?? []),
  };

  // Pass 2: posts and pages (with their comments and old addresses), in the file's order.
  for await (const entry of readWxr(options.file)) {
    if (entry.kind !== 'item') continue;
    const item = readItem(entry.node);
    if (item.postType === 'attachment') continue;
    if (!CONTENT_TYPES.has(item.postType)) {
      types.other.found++;
      problem(
        'other',
        'skipped',
        `${item.postType || 'item'} “${plainText(item.title)}”`,
        `WordPress's ${item.postType || 'untyped'} items have no equivalent here`,
      );
      continue;
    }
    const type = item.postType === 'page' ? 'pages' : 'posts';
    types[type].found++;
    const title = plainText(item.title);
    const label = `${item.postType} “${title || '(no title)'}” (WordPress id ${item.postId || '?'})`;
    let targetId: string | null = null;
    let newPath: string | null = null;
    let live = false;
    await attempt(type, label, async () => {
      if (!/^\d+$/.test(item.postId)) throw new ItemFailure('it has no wp:post_id');
      if (item.status === 'auto-draft') return { skipped: 'an unsaved WordPress auto-draft' };
      if (item.status === 'inherit') return { skipped: 'a revision' };
      const known = await mapped(item.postType, item.postId);
      const table = item.postType === 'page' ? 'pages' : 'blog_posts';
      if (known) {
        const row = await db.selectFrom(table).select(['slug', 'status']).where('id', '=', known).executeTakeFirst();
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
          note(label, 'private in WordPress, a draft here');
          break;
        default:
          status = 'draft';
      }
      if (!title) note(label, 'it had no title: “(no title)”');
      if (title.length > TITLE_MAX) note(label, `title shortened to ${TITLE_MAX} characters`);
      const converted = wordpressToMarkdown(item.content, item.postId, media);
      for (const text of converted.notes) note(label, text);
      if (converted.markdown.length > CONTENT_MAX)
        throw new ItemFailure(`its content is ${converted.markdown.length} characters once converted (at most ${CONTENT_MAX})`);
      let slug = slugFrom(item);
      if (item.postType === 'page' && isReservedPageSlug(slug)) {
        note(label, `the address /${slug} belongs to Atelier: the page is at /${slug}-page`);
        slug = `${slug}-page`;
      }
      const base = slug;
      for (let n = 2; status !== 'trash'; n++) {
        const taken = await db
          .selectFrom(table)
          .select('id')
          .where('slug', '=', slug)
          .where('language', '=', await defaultContentLanguage(db))
          .where('status', '<>', 'trash')
          .executeTakeFirst();
        if (!taken) break;
        slug = `${base}-${n}`;
      }
      if (slug !== base) note(label, `the slug “${base}” was taken: imported as “${slug}”`);
      const id = newId();
      targetId = id;
      live = status === 'published';
      newPath = item.postType === 'page' ? `/${slug}` : `/blog/${slug}`;
      const publishDate = status === 'draft' || status === 'review' ? null : published;
      const createdAt = published ?? now;
      const updatedAt = wpDate(item.modifiedGmt) ?? createdAt;
      if (dryRun) return 'imported';
      // Imported content is in the site's default language, each item its own translation group (decision 030).
      const language = await defaultContentLanguage(db);
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
          scheduled_by: status === 'scheduled' ? actorId : null,
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
          const author = userByLogin.get(item.creator);
          // The editor asks for an excerpt: a post without one gets the start of its text.
          const given = plainText(item.excerpt);
          const excerpt = given
            ? clip(given, EXCERPT_MAX)
            : clip(plainText(converted.markdown.replace(/!\[[^\]]*\]\([^)]*\)|[#*>`_]/g, '')), 300);
          await trx
            .insertInto('blog_posts')
            .values({
              ...common,
              status: status as 'draft',
              excerpt,
              featured_image: thumbnail?.newUrl ?? null,
              featured_image_alt: thumbnail?.newUrl ? clip(thumbnail.alt, 300) : '',
              author_id: author?.id ?? actorId,
              author_name: clip(author?.name ?? authors.find((a) => a.login === item.creator)?.displayName ?? item.creator, 100),
              tags: JSON.stringify([
                ...new Set(item.categories.filter((c) => c.domain === 'post_tag').map((c) => tagBySlug.get(c.slug) ?? plainText(c.name))),
              ]),
              meta_title: '',
              views: 0,
              comments_off: item.commentStatus === 'closed' ? 1 : 0,
            })
            .execute();
          const categoryIds = [
            ...new Set(item.categories.filter((c) => c.domain === 'category').flatMap((c) => categoryBySlug.get(c.slug) ?? [])),
          ];
          if (categoryIds.length)
            await trx
              .insertInto('post_categories')
              .values(categoryIds.map((category_id) => ({ post_id: id, category_id })))
              .execute();
          if (item.meta.get('_thumbnail_id') && !thumbnail?.newUrl) note(label, 'its featured image was not imported');
          await refreshMediaUsage(trx, { kind: 'post', id });
        }
        await remember(trx, item.postType, item.postId, id, item.guid);
      });
      log(`${item.postType} ${slug}`);
      return 'imported';
    });

    // Comments: on posts only; pingbacks and trackbacks are not comments here; a reply to a reply joins its thread.
    for (const comment of item.comments) {
      types.comments.found++;
      await importComment(comment, item, targetId);
    }

    // The old permalink answers 301 to the new address (published items only: a draft has no address yet).
    const from = oldPath(item.link);
    if (from && newPath) {
      types.redirects.found++;
      const redirectLabel = `${from} → ${newPath}`;
      await attempt('redirects', redirectLabel, async () => {
        if (!live) return { skipped: 'the item is not published here' };
        if (from.toLowerCase() === (newPath as string).toLowerCase()) return { skipped: 'the old address is the new one' };
        const existing = await db
          .selectFrom('redirects')
          .select('to_target')
          .where('from_path', '=', from.toLowerCase())
          .executeTakeFirst();
        if (existing)
          return { skipped: existing.to_target === newPath ? 'already there' : `a redirect from it already goes to ${existing.to_target}` };
        if (dryRun) return 'imported';
        const result = await publicWrite((trx) => putRedirect(trx, { from, to: newPath!, status: 301 }));
        if (!result.ok)
          throw new ItemFailure('fields' in result && result.fields ? Object.values(result.fields).join('; ') : result.message);
        return 'imported';
      });
    }
  }

  async function importComment(comment: WpComment, item: WpItem, postId: string | null) {
    const label = `comment ${comment.id || '?'} by ${comment.author || 'anonymous'} on “${plainText(item.title)}”`;
    await attempt('comments', label, async () => {
      if (!/^\d+$/.test(comment.id)) throw new ItemFailure('it has no wp:comment_id');
      if (comment.type === 'pingback' || comment.type === 'trackback') return { skipped: `a ${comment.type}, not a comment` };
      if (item.postType !== 'post') return { skipped: 'comments are on blog posts only here' };
      if (!postId) return { skipped: 'its post was not imported' };
      if (await mapped('comment', comment.id)) return { skipped: ALREADY };
      const status =
        comment.approved === '1' ? 'approved' : comment.approved === 'spam' ? 'spam' : comment.approved === 'trash' ? 'trash' : 'pending';
      const body = clip(plainText(comment.content), COMMENT_MAX);
      if (!body) throw new ItemFailure('it is empty');
      const createdAt = wpDate(comment.dateGmt) ?? nowIso();
      let parentId: string | null = null;
      if (comment.parent && comment.parent !== '0') {
        const parent = await mapped('comment', comment.parent);
        const parentRow = parent
          ? await db.selectFrom('comments').select(['id', 'parent_id']).where('id', '=', parent).executeTakeFirst()
          : undefined;
        if (!parentRow && !dryRun) note(label, 'the comment it answers was not imported: shown as a comment of its own');
        parentId = parentRow ? (parentRow.parent_id ?? parentRow.id) : null;
        if (parentRow?.parent_id) note(label, 'a reply to a reply: shown in its thread');
      }
      const email = comment.email.trim().toLowerCase();
      const staff = comment.userId && comment.userId !== '0' ? userByLogin.get(authorLogins.get(comment.userId) ?? '') : undefined;
      if (dryRun) return 'imported';
      const id = newId();
      await publicWrite(async (trx) => {
        await trx
          .insertInto('comments')
          .values({
            id,
            post_id: postId,
            parent_id: parentId,
            author_name: clip(plainText(comment.author) || 'Anonymous', 100),
            author_email: email,
            author_url: /^https?:\/\//i.test(comment.url) ? clip(comment.url, 300) : '',
            body,
            status,
            trashed_from: status === 'trash' ? 'pending' : null,
            spam_reason: '',
            staff_user_id: staff?.id ?? null,
            ip: '',
            ip_hash: '',
            body_key: `${bodyKey(email, body)}`,
            created_at: createdAt,
            updated_at: createdAt,
          })
          .execute();
        await remember(trx, 'comment', comment.id, id);
      });
      return 'imported';
    });
  }

  report.milliseconds = Date.now() - started;
  if (!dryRun)
    await recordAudit(getDb(), {
      actor: actorId ? { id: actorId } : null,
      action: 'import.wordpress',
      target: { type: 'import', label: report.title || site },
      details: Object.fromEntries(IMPORT_TYPES.map((type) => [type, `${types[type].imported}/${types[type].found}`])),
    });
  return report;
}
