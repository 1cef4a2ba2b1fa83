import { readFile } from 'node:fs/promises';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

import type { NextFunction, Request, Response } from 'express';

import { matchesEtag, preferredEncoding } from './html-cache.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this size compression is not worth its header (the compression middleware's default threshold). */
const COMPRESS_FROM_BYTES = 1024;
const COMPRESSIBLE = /^(?:text\/|application\/(?:javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
// Headers each answer sets itself; the rest of the first answer's block (security headers, type, caching) is kept.
const PER_ANSWER_HEADERS = new Set(['content-length', 'content-encoding', 'vary', 'accept-ranges', 'x-cache', 'set-cookie']);

interface CachedAsset {
  body: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  etag: string;
  wire: { identity: string[]; gzip: string[] | null; br: string[] | null; notModified: string[] };
}

/**
 * The build's content-hashed files (/assets/…) from memory: a file's first request is served by
 * express.static as before, and when it has gone out the file is read and compressed once, beside the
 * header block that answer carried (security headers included). Later requests are answered by the
 * server's fast path before Express, as cached pages are: on a phone's first visit the stylesheet,
 * fonts and script no longer wait behind per-request middleware on a busy server. The map holds at most
 * the build's own files, as a name that is not a file is never stored.
 */
export function createAssetCache(assetsDir: string) {
  const entries = new Map<string, CachedAsset>();
  const pending = new Set<string>();

  async function store(url: string, file: string, headers: Record<string, unknown>): Promise<void> {
    const body = await readFile(file);
    const type = String(headers['content-type'] ?? '');
    const compress = body.length >= COMPRESS_FROM_BYTES && COMPRESSIBLE.test(type);
    const [gz, br] = compress
      ? await Promise.all([
          gzipAsync(body, { level: 9 }),
          brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        ])
      : [null, null];
    const common: string[] = [];
    for (const [name, value] of Object.entries(headers)) {
      if (PER_ANSWER_HEADERS.has(name.toLowerCase()) || value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        // That answer's nonce is not repeated: these files are never documents that run inline script.
        common.push(name, name.toLowerCase() === 'content-security-policy' ? String(item).replace(/\s*'nonce-[^']*'/g, '') : String(item));
      }
    }
    if (compress) common.push('Vary', 'Accept-Encoding');
    common.push('X-Cache', 'HIT');
    const withBody = (content: Buffer, encoding?: string) => [
      ...common,
      ...(encoding ? ['Content-Encoding', encoding] : []),
      'Content-Length',
      String(content.length),
    ];
    entries.set(url, {
      body,
      gzip: gz,
      br,
      // Compared without the weak marker, as matchesEtag reads If-None-Match.
      etag: String(headers.etag ?? '').replace(/^W\//, ''),
      wire: {
        identity: withBody(body),
        gzip: gz ? withBody(gz, 'gzip') : null,
        br: br ? withBody(br, 'br') : null,
        notModified: common,
      },
    });
  }

  /** Express middleware in front of express.static for /assets: remembers each file it serves in full. */
  function remember(req: Request, res: Response, next: NextFunction): void {
    const url = req.originalUrl;
    if ((req.method === 'GET' || req.method === 'HEAD') && !entries.has(url) && !pending.has(url) && !url.includes('?')) {
      const file = path.join(assetsDir, req.path);
      // express.static has already refused "..": a name outside the folder never gets here with a 200.
      if (file.startsWith(assetsDir + path.sep)) {
        res.on('finish', () => {
          if (res.statusCode !== 200 || pending.has(url) || entries.has(url)) return;
          pending.add(url);
          store(url, file, res.getHeaders())
            .catch((error: unknown) => console.error(`Could not keep ${url} in memory:`, error))
            .finally(() => pending.delete(url));
        });
      }
    }
    next();
  }

  /** Answers a GET or HEAD for a remembered file; false when it is not one, or asks for a range (Express then serves it). */
  function answer(url: string, method: string, headers: IncomingHttpHeaders, res: ServerResponse): boolean {
    const asset = entries.get(url);
    if (!asset || headers.range) return false;
    if (matchesEtag(headers['if-none-match'], asset.etag)) {
      res.writeHead(304, asset.wire.notModified);
      res.end();
      return true;
    }
    const encoding = preferredEncoding(headers['accept-encoding']);
    const [wire, body] =
      encoding === 'br' && asset.br && asset.wire.br
        ? [asset.wire.br, asset.br]
        : encoding && asset.gzip && asset.wire.gzip
          ? [asset.wire.gzip, asset.gzip]
          : [asset.wire.identity, asset.body];
    res.writeHead(200, wire);
    if (method === 'HEAD') res.end();
    else res.end(body);
    return true;
  }

  return { remember, answer };
}

export type AssetCache = ReturnType<typeof createAssetCache>;
