import { stat } from 'node:fs/promises';

import { getDb } from '#app/db/client.server.ts';
import { IMPORT_TYPES, type ImportReport } from '#app/lib/import-report.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';

import { importAuthors } from './wordpress/authors.server.ts';
import { importComment } from './wordpress/comments.server.ts';
import { importContentItem } from './wordpress/items.server.ts';
import { type Attachment, importMedia, readAttachment } from './wordpress/media.server.ts';
import { importRedirect } from './wordpress/redirects.server.ts';
import { createImportRun, emptyReport, type ImportOptions } from './wordpress/run-context.server.ts';
import { importCategories, importTags } from './wordpress/terms.server.ts';
import { plainText } from './wordpress-content.server.ts';
import { readAuthor, readCategory, readItem, readTag, type WpAuthor, type WpTerm } from './wxr-items.ts';
import { readWxr, WxrFormatError } from './wxr-reader.server.ts';

export type { ImportOptions } from './wordpress/run-context.server.ts';

/** Post types that are neither content nor media: counted under "other" and skipped with their name. */
const CONTENT_TYPES = new Set(['post', 'page', 'attachment']);

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
  const report = emptyReport(!!options.dryRun);
  const types = report.types;

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
      attachments.set(item.postId || `(no id ${types.media.found})`, readAttachment(item));
    }
  }
  if (!baseSite && !report.site && !items && !authors.length)
    throw new WxrFormatError('This is not a WordPress export: it has no wp:base_site_url, author or item.');
  const site = (baseSite || report.site).replace(/\/+$/, '');
  report.site = site;
  const run = createImportRun({ db: getDb(), options, site, report, authors });

  await importAuthors(run);
  await importCategories(run, categories);
  await importTags(run, tags);
  const media = await importMedia(run, attachments);

  // Pass 2: posts and pages (with their comments and old addresses), in the file's order.
  for await (const entry of readWxr(options.file)) {
    if (entry.kind !== 'item') continue;
    const item = readItem(entry.node);
    if (item.postType === 'attachment') continue;
    if (!CONTENT_TYPES.has(item.postType)) {
      types.other.found++;
      run.problem(
        'other',
        'skipped',
        `${item.postType || 'item'} “${plainText(item.title)}”`,
        `WordPress's ${item.postType || 'untyped'} items have no equivalent here`,
      );
      continue;
    }
    const imported = await importContentItem(run, item, media, attachments);
    for (const comment of item.comments) {
      types.comments.found++;
      await importComment(run, comment, item, imported.targetId);
    }
    await importRedirect(run, item, imported);
  }

  report.milliseconds = Date.now() - started;
  if (!run.dryRun)
    await recordAudit(getDb(), {
      actor: run.actorId ? { id: run.actorId } : null,
      action: 'import.wordpress',
      target: { type: 'import', label: report.title || site },
      details: Object.fromEntries(IMPORT_TYPES.map((type) => [type, `${types[type].imported}/${types[type].found}`])),
    });
  return report;
}
