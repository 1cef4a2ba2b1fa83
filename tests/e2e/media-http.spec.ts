import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { HTML_PAGE, TINY_PNG, TINY_SVG, uniqueName } from './support/media-files.ts';

const UPLOAD_LIMIT = 25 * 1024 * 1024;
const json = { Accept: 'application/json' };

test('seeded files are public, typed, cached for a year and served in ranges', async ({ request }) => {
  const whole = await request.get('/media/seed/hero-photo.jpg');
  expect(whole.status()).toBe(200);
  expect(whole.headers()['content-type']).toBe('image/jpeg');
  expect(whole.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const size = (await whole.body()).length;
  expect(size).toBeGreaterThan(1_000_000);

  const part = await request.get('/media/seed/hero-photo.jpg', { headers: { Range: 'bytes=100-199' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 100-199/${size}`);
  expect((await part.body()).length).toBe(100);
  const outside = await request.get('/media/seed/hero-photo.jpg', { headers: { Range: `bytes=${size}-` } });
  expect(outside.status()).toBe(416);

  const variant = await request.get('/media/seed/hero-photo-640w.webp');
  expect(variant.headers()['content-type']).toBe('image/webp');
  expect((await request.get('/media/seed/nothing.jpg')).status()).toBe(404);
  // A dot segment, even between escaped slashes, is refused before any route is chosen (docs/security.md, Second review 1).
  expect((await request.get('/media/..%2F..%2Fpackage.json')).status()).toBe(400);
});

test('an SVG is served so that it cannot run script', async ({ request }) => {
  const response = await request.get('/media/seed/company-logo.svg');
  expect(response.headers()['content-type']).toBe('image/svg+xml');
  expect(response.headers()['content-security-policy']).toContain('sandbox');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
});

test('uploads answer JSON with the new item; refusals carry a status and a message', async ({ page }) => {
  await signIn(page);
  const name = uniqueName('api');
  const created = await page.request.post('/admin/media/upload', {
    headers: json,
    multipart: { file: { name: `../../${name}.svg`, mimeType: 'image/svg+xml', buffer: TINY_SVG } },
  });
  expect(created.status()).toBe(201);
  const { items } = await created.json();
  expect(items[0]).toMatchObject({ title: name, type: 'image', mimeType: 'image/svg+xml', dimensions: { width: 10, height: 10 } });
  expect(items[0].url).toMatch(/^\/media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.svg$/);
  expect((await page.request.get(items[0].url)).status()).toBe(200);

  const disguised = await page.request.post('/admin/media/upload', {
    headers: json,
    multipart: { file: { name: 'cat.png', mimeType: 'image/png', buffer: HTML_PAGE } },
  });
  expect(disguised.status()).toBe(415);
  expect((await disguised.json()).message).toContain('does not contain a valid image');

  const notMultipart = await page.request.post('/admin/media/upload', {
    headers: { ...json, 'Content-Type': 'application/json' },
    data: '{}',
  });
  expect(notMultipart.status()).toBe(415);
});

test('a file over the 25 MB limit gets 413 with a message, whichever guard sees it first', async ({ page }) => {
  await signIn(page);
  const justOver = await page.request.post('/admin/media/upload', {
    headers: json,
    multipart: { file: { name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([TINY_PNG, Buffer.alloc(UPLOAD_LIMIT)]) } },
  });
  expect(justOver.status()).toBe(413);
  expect((await justOver.json()).message).toBe('"big.png" is larger than the upload limit of 25 MB.');

  const farOver = await page.request.post('/admin/media/upload', {
    headers: json,
    multipart: { file: { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(UPLOAD_LIMIT + 2 * 1024 * 1024) } },
  });
  expect(farOver.status()).toBe(413);
  expect(await farOver.text()).toContain('The request is too large');
});

test('manage_media guards upload, edit and delete; signing in is not needed to view files', async ({ browser, request }) => {
  const anonymous = await request.post('/admin/media/upload', {
    headers: json,
    multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: TINY_PNG } },
    maxRedirects: 0,
  });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()['location']).toContain('/login');

  const contributor = await browser.newPage();
  await signIn(contributor, ACCOUNTS.contributor.email);
  const refused = await contributor.request.post('/admin/media/upload', {
    headers: json,
    multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: TINY_PNG } },
  });
  expect(refused.status()).toBe(403);
  expect((await contributor.request.post('/admin/media', { form: { intent: 'delete', ids: 'x' } })).status()).toBe(403);
  expect((await contributor.goto('/admin/media'))?.status()).toBe(403);
  await contributor.close();

  const author = await browser.newPage();
  await signIn(author, ACCOUNTS.author.email);
  const accepted = await author.request.post('/admin/media/upload', {
    headers: json,
    multipart: { file: { name: 'by-author.png', mimeType: 'image/png', buffer: TINY_PNG } },
  });
  expect(accepted.status()).toBe(201);
  await author.close();
});
