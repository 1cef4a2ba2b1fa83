import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { expect, test } from './support/fixtures.ts';

test('an unknown URL answers a real 404 page', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('GET /healthz answers 200 after a database round trip', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('pages carry the security headers', async ({ request }) => {
  const response = await request.get('/login');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-powered-by']).toBeUndefined();
});

test('admin and sign-in pages are never stored by any cache', async ({ request }) => {
  expect((await request.get('/login')).headers()['cache-control']).toBe('private, no-store');
  const admin = await request.get('/admin', { maxRedirects: 0 });
  expect(admin.status()).toBe(302);
  expect(admin.headers()['cache-control']).toBe('private, no-store');
});

test('HTML is compressed with brotli or gzip as the client asks', async ({ request }) => {
  const br = await request.get('/login', { headers: { 'Accept-Encoding': 'br' } });
  expect(br.headers()['content-encoding']).toBe('br');
  const gzip = await request.get('/login', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
});

test('hashed assets are cached for a year as immutable', async ({ page, request }) => {
  await page.goto('/login');
  const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute('href');
  expect(stylesheet).toMatch(/^\/assets\//);
  const response = await request.get(stylesheet!);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('hashed assets are sent as the brotli and gzip copies the build wrote, or as they are', async ({ page, request }) => {
  await page.goto('/login');
  const stylesheet = (await page.locator('link[rel="stylesheet"]').first().getAttribute('href'))!;
  const file = path.join(process.env.BUILD_DIR ?? 'build', 'client', stylesheet);
  for (const [accept, encoding, copy] of [
    ['br, gzip', 'br', `${file}.br`],
    ['gzip', 'gzip', `${file}.gz`],
    ['identity', undefined, file],
  ] as const) {
    const response = await request.get(stylesheet, { headers: { 'Accept-Encoding': accept } });
    expect(response.headers()['content-encoding']).toBe(encoding);
    // The length on the wire is the copy's: nothing was compressed for this request.
    expect(Number(response.headers()['content-length'])).toBe(statSync(copy).size);
    expect((await response.body()).equals(readFileSync(file))).toBe(true);
  }
});

test('a state-changing request from another origin is refused', async ({ request }) => {
  const response = await request.post('/login', {
    headers: { Origin: 'https://evil.example.com' },
    form: { email: 'admin@example.com', password: 'x' },
  });
  expect(response.status()).toBe(403);
  // The site's page for 403 (error-pages.spec.ts), never the form's answer.
  const html = await response.text();
  expect(html).toContain('Access denied');
  expect(html).not.toContain('Invalid email or password');
});

test('an oversized body gets 413 with a message', async ({ request }) => {
  const response = await request.post('/login', { form: { email: 'a@b.c', password: 'x'.repeat(1_100_000) } });
  expect(response.status()).toBe(413);
  expect(await response.text()).toContain('The request is too large');
});

test('a malformed body gets 400, not 500', async ({ request }) => {
  const response = await request.post('/login', {
    headers: { 'Content-Type': 'multipart/form-data; boundary=nope' },
    data: 'this is not multipart',
  });
  expect(response.status()).toBe(400);
});
