import { lookup } from 'node:dns';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

import ipaddr from 'ipaddr.js';

/** How long one download may take from request to last byte. */
export const DOWNLOAD_TIMEOUT_MS = 20_000;

/**
 * An address the importer may download from: only public unicast addresses unless `allowPrivate` (an export of a
 * site on this machine or network, named on the command line). Checked on the address actually dialled, after DNS,
 * so a name cannot be made to point inside later.
 */
function refusal(hostname: string, address: string, allowPrivate: boolean): string | null {
  const range = ipaddr.process(address).range();
  if (range === 'unicast' || (allowPrivate && range !== 'unspecified' && range !== 'multicast' && range !== 'broadcast')) return null;
  return `${hostname} is on this machine or a private network (${address})`;
}

function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as { address: string; family: number }[];
      for (const { address } of list) {
        const refused = refusal(hostname, address, allowPrivate);
        if (refused) return callback(new Error(refused), '', 0);
      }
      const first = list[0]!;
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * Downloads `url` into `target`, refusing anything but http(s), redirects, answers other than 200, files larger than
 * `maxBytes` and downloads slower than DOWNLOAD_TIMEOUT_MS. A failed download leaves no file. Answers the size.
 */
export async function downloadFile(url: string, target: string, options: { maxBytes: number; allowPrivate: boolean }): Promise<number> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`not a web address: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`not an http(s) address: ${url}`);
  if (parsed.username || parsed.password) throw new Error('addresses with credentials are not downloaded');
  // An address written as such is never looked up: checked here.
  const literal = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal)) {
    const refused = refusal(literal, literal, options.allowPrivate);
    if (refused) throw new Error(refused);
  }
  const client = parsed.protocol === 'https:' ? https : http;
  try {
    return await new Promise<number>((resolve, reject) => {
      const request = client.get(parsed, { lookup: checkedLookup(options.allowPrivate), timeout: DOWNLOAD_TIMEOUT_MS }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(new Error(`the old site answered ${response.statusCode}`));
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          response.destroy();
          return reject(new Error(`larger than the upload limit (${declared} bytes)`));
        }
        let size = 0;
        const out = createWriteStream(target, { flags: 'wx' });
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            out.destroy();
            reject(new Error('larger than the upload limit'));
          }
        });
        response.on('error', reject);
        out.on('error', reject);
        out.on('finish', () => resolve(size));
        response.pipe(out);
      });
      const deadline = setTimeout(
        () => request.destroy(new Error(`no answer within ${DOWNLOAD_TIMEOUT_MS / 1000} s`)),
        DOWNLOAD_TIMEOUT_MS,
      );
      request.on('close', () => clearTimeout(deadline));
      request.on('timeout', () => request.destroy(new Error(`no answer within ${DOWNLOAD_TIMEOUT_MS / 1000} s`)));
      request.on('error', reject);
    });
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}
