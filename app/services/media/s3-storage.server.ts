import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

import type { ByteRange } from '#app/lib/http-range.ts';

import { attachmentDisposition, isSafeKey, type MediaStorage, type ObjectMeta, type StoredObject } from './media-storage.ts';

/** Object headers for browsers that fetch a file from the store directly (MEDIA_DELIVERY=redirect): today's headers. */
function objectHeaders(meta: ObjectMeta | undefined) {
  if (!meta) return {};
  return {
    ContentType: meta.contentType,
    // Keys are never reused: the object at an address never changes.
    CacheControl: 'public, max-age=31536000, immutable',
    ContentDisposition: meta.downloadName ? attachmentDisposition(meta.downloadName) : undefined,
  };
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, Ceph…); unset: AWS's own for the region. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name: what most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Keys are stored under this prefix (one bucket for several sites, or for more than media). */
  prefix?: string;
}

function checked(key: string): string {
  if (!isSafeKey(key)) throw new Error(`Refused storage key: ${JSON.stringify(key)}`);
  return key;
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/**
 * Media files in an S3-compatible object store (decision 031), for sites whose instances share no disk. A put
 * answers once the store has acknowledged the whole object (S3's writes are durable and all-or-nothing), so the row
 * committed after it never names a missing file, on any instance.
 */
export class S3Storage implements MediaStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: the SDK's default (CRC32 trailers in aws-chunked uploads) is not
      // understood by many S3-compatible servers, which then store the chunk framing as the file.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  private objectKey(key: string): string {
    return `${this.settings.prefix ?? ''}${checked(key)}`;
  }

  async putFile(key: string, localPath: string, meta?: ObjectMeta): Promise<void> {
    const { size } = await stat(localPath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: createReadStream(localPath),
        ContentLength: size,
        ...objectHeaders(meta),
      }),
    );
    // The local file was the upload's scratch copy: "moved", as on the disk.
    await unlink(localPath);
  }

  async putBuffer(key: string, data: Buffer, meta?: ObjectMeta): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Body: data, ...objectHeaders(meta) }),
    );
  }

  async stat(key: string): Promise<StoredObject | null> {
    if (!isSafeKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  read(key: string, range?: ByteRange): Readable {
    const out = new PassThrough();
    const objectKey = this.objectKey(key);
    this.client
      .send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: objectKey,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      )
      .then((object) => {
        const body = object.Body as Readable | undefined;
        if (!body) throw new Error(`Empty answer for ${objectKey}`);
        body.on('error', (error) => out.destroy(error));
        body.pipe(out);
      })
      .catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  async remove(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  /** The objects whose keys start with `under` (a folder ending in /), with their keys relative to it. */
  async list(under: string): Promise<Array<StoredObject & { key: string }>> {
    const prefix = this.objectKey(under.replace(/\/$/, '')) + '/';
    const found: Array<StoredObject & { key: string }> = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        found.push({ key: object.Key.slice(prefix.length), size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  /** For /readyz: the bucket answers (an object that does not exist is an answer). */
  async reachable(): Promise<boolean> {
    try {
      await this.stat('atelier-readiness-probe');
      return true;
    } catch {
      return false;
    }
  }
}
