import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

import { getEnv } from '#app/env.server.ts';
import { newId } from '#app/lib/ids.ts';
import { ALREADY } from '#app/lib/import-report.ts';
import { uploadTempDir } from '#app/services/media/storage.server.ts';
import { createMediaFromFile } from '#app/services/media/upload-media.server.ts';

import { downloadFile } from '../download-upload.server.ts';
import { type MediaLookup, plainText } from '../wordpress-content.server.ts';
import type { WpItem } from '../wxr-items.ts';
import { clip, type ImportRun, ItemFailure } from './run-context.server.ts';

export interface Attachment {
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

/** An attachment item of the export, as the media step and the posts' featured images read it. */
export function readAttachment(item: WpItem): Attachment {
  return {
    id: item.postId,
    title: plainText(item.title),
    alt: item.meta.get('_wp_attachment_image_alt')?.trim() ?? '',
    caption: plainText(item.excerpt),
    description: plainText(item.content),
    parent: item.parent,
    url: item.attachmentUrl,
    attachedFile: item.meta.get('_wp_attached_file')?.trim() ?? '',
    newUrl: null,
  };
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

/**
 * Media: from the uploads folder when given and the file is there, else downloaded from the old site. Returns how
 * the content converter finds an old upload's new address.
 */
export async function importMedia(run: ImportRun, attachments: Map<string, Attachment>): Promise<MediaLookup> {
  const maxBytes = getEnv().UPLOAD_MAX_BYTES;
  const uploadsRoot = run.options.uploadsDir ? path.resolve(run.options.uploadsDir) : null;
  const byUploadKey = new Map<string, Attachment>();
  for (const attachment of attachments.values()) {
    const label = `media “${attachment.title || attachment.url}” (WordPress id ${attachment.id || '?'})`;
    const key = uploadKey(attachment.url) ?? (attachment.attachedFile || null);
    await run.attempt('media', label, async () => {
      if (!attachment.id) throw new ItemFailure('it has no wp:post_id');
      if (!attachment.url && !attachment.attachedFile) throw new ItemFailure('it names no file (no wp:attachment_url)');
      const known = await run.mapped('attachment', attachment.id);
      if (known) {
        const row = await run.db.selectFrom('media').select('url').where('id', '=', known).executeTakeFirst();
        attachment.newUrl = row?.url ?? null;
        if (key) byUploadKey.set(key, attachment);
        return { skipped: row ? ALREADY : 'already imported, since deleted here' };
      }
      const relative = attachment.attachedFile || key || '';
      const local = uploadsRoot && relative ? path.resolve(uploadsRoot, relative) : null;
      const inside = local && !path.relative(uploadsRoot!, local).startsWith('..') && !path.isAbsolute(path.relative(uploadsRoot!, local));
      const present = inside ? await stat(local).catch(() => null) : null;
      if (!present?.isFile() && run.options.download === false)
        throw new ItemFailure(uploadsRoot ? `${relative} is not in the uploads folder` : 'no uploads folder given and downloads are off');
      if (present && present.size > maxBytes) throw new ItemFailure(`larger than the upload limit (${present.size} bytes)`);
      const name = path.basename(relative || new URL(attachment.url).pathname) || `attachment-${attachment.id}`;
      if (run.dryRun) {
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
            size = await downloadFile(attachment.url, temp, { maxBytes, allowPrivate: !!run.options.allowPrivateDownloads });
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
            uploadedBy: run.actorId,
            details: {
              title: clip(attachment.title, 200),
              alt: clip(attachment.alt || attachment.title, 300),
              description: clip([attachment.caption, attachment.description].filter(Boolean).join('\n\n'), 2000),
            },
            recordWith: (trx, stored) => run.remember(trx, 'attachment', attachment.id, stored.id, attachment.url),
          },
        );
        attachment.newUrl = item.url;
        if (key) byUploadKey.set(key, attachment);
        run.log(`media ${name} → ${item.url}`);
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

  return media;
}
