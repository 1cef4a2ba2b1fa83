import type { IncomingMessage, ServerResponse } from 'node:http';

import { afterEach, describe, expect, it } from 'vitest';

import { cacheGeneration, invalidatePublicCache } from '#app/services/cache/html-cache.server.ts';
import { wireHeaders } from '#server/public/cached-answer.ts';
import { createCacheFastPath } from '#server/public/fast-path.ts';
import { type CachedPage, storeCachedPage } from '#server/public/page-store.ts';

const HELMET = {
  'X-Content-Type-Options': 'nosniff',
  'Strict-Transport-Security': 'max-age=31536000',
  'Content-Security-Policy': "script-src 'nonce-abc'",
};

function entry(text: string): CachedPage {
  const page = {
    status: 200,
    body: Buffer.from(text),
    gzip: Buffer.from(`gz:${text}`),
    br: Buffer.from(`br:${text}`),
    etag: `"${text}"`,
    contentType: 'text/html; charset=utf-8',
    csp: "script-src 'self' 'sha256-x'",
    storedAt: Date.now(),
  };
  return { ...page, wire: wireHeaders(HELMET, page) };
}

interface Answer {
  status?: number;
  headers: Record<string, string>;
  body?: string;
}

function call(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const answer: Answer = { headers: {} };
  const req = { method, url: path, headers: { host: 'localhost:3000', ...headers } } as unknown as IncomingMessage;
  const res = {
    writeHead(status: number, flat: string[]) {
      answer.status = status;
      for (let i = 0; i < flat.length; i += 2) answer.headers[flat[i]!.toLowerCase()] = flat[i + 1]!;
    },
    end(body?: Buffer) {
      answer.body = body?.toString();
    },
  } as unknown as ServerResponse;
  const hits: string[] = [];
  const answered = createCacheFastPath({ allowedHosts: ['localhost:3000'], onHit: (hit) => hits.push(hit.url ?? '') })(req, res);
  return { answered, answer, hits };
}

describe('the cache-hit fast path', () => {
  afterEach(() => invalidatePublicCache());

  it('answers a hit with the prepared headers: the server security headers, the hash CSP, never a nonce', () => {
    storeCachedPage('/', entry('home'), cacheGeneration());
    const { answered, answer, hits } = call('/');
    expect(answered).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('home');
    expect(hits).toEqual(['/']);
    expect(answer.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=31536000',
      'content-security-policy': "script-src 'self' 'sha256-x'",
      'x-cache': 'HIT',
      etag: '"home"',
      'content-length': '4',
    });
    expect(JSON.stringify(answer.headers)).not.toContain('nonce');
  });

  it('picks the compressed copy, answers 304 to a matching ETag and sends no body to HEAD', () => {
    storeCachedPage('/blog', entry('blog'), cacheGeneration());
    const br = call('/blog', { 'accept-encoding': 'gzip, br' }).answer;
    expect([br.body, br.headers['content-encoding']]).toEqual(['br:blog', 'br']);
    expect(call('/blog', { 'accept-encoding': 'gzip' }).answer.body).toBe('gz:blog');
    const notModified = call('/blog', { 'if-none-match': '"blog"' }).answer;
    expect([notModified.status, notModified.body]).toEqual([304, undefined]);
    expect(notModified.headers['content-length']).toBeUndefined();
    expect(call('/blog', {}, 'HEAD').answer.body).toBeUndefined();
  });

  it('keys by the URL, which names the language, and by ?page, like the Express path', () => {
    storeCachedPage('/fr', entry('accueil'), cacheGeneration());
    storeCachedPage('/blog?page=2', entry('page two'), cacheGeneration());
    expect(call('/fr').answer.body).toBe('accueil');
    // A French visitor at `/` is sent to `/fr` (302) by Express: never from the cache.
    expect(call('/', { 'accept-language': 'fr-FR,fr;q=0.9' }).answered).toBe(false);
    expect(call('/', { cookie: 'lng=fr' }).answered).toBe(false);
    expect(call('/').answered).toBe(false);
    expect(call('/blog?page=2').answer.body).toBe('page two');
  });

  it('leaves everything that is not a plain anonymous hit to Express', () => {
    storeCachedPage('/', entry('home'), cacheGeneration());
    storeCachedPage('/blog', entry('blog'), cacheGeneration());
    const refused = [
      call('/', { cookie: 'atelier_session=abc' }),
      call('/', { cookie: 'lng=en; atelier_toast=x' }),
      call('/', { authorization: 'Basic eDp5' }),
      call('/', { host: 'evil.example' }),
      call('/', { 'x-forwarded-host': 'evil.example' }),
      call('/?utm=1'),
      call('/blog?page=1'),
      call('/Blog'),
      call('/blog/'),
      call('/', {}, 'POST'),
    ];
    expect(refused.map((reply) => reply.answered)).toEqual(refused.map(() => false));
    expect(refused.flatMap((reply) => reply.hits)).toEqual([]);
  });

  it('stops answering as soon as the cache is invalidated', () => {
    storeCachedPage('/', entry('home'), cacheGeneration());
    expect(call('/').answered).toBe(true);
    invalidatePublicCache();
    expect(call('/').answered).toBe(false);
  });
});
