import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { receiveUpload } from '#app/http/receive-upload.server.ts';
import { PERMISSIONS } from '#app/lib/permissions.ts';
import { pageFormSchema } from '#app/schemas/page.ts';
import { detectFileType } from '#app/services/media/detect-type.server.ts';
import { findImageByUrl, findImagesByUrl } from '#app/services/media/media-by-url.server.ts';
import { deleteMedia, listMedia, mediaWithUsage, updateMedia } from '#app/services/media/media-library.server.ts';
import { getStorage } from '#app/services/media/storage.server.ts';
import { updatePage } from '#app/services/pages/pages.server.ts';
import { seedMedia } from '#app/services/startup/seed/media.ts';
import { SEED_MEDIA_DIR } from '#app/services/startup/seed-media.server.ts';
import { getTheme, saveTheme } from '#app/services/themes/themes.server.ts';
import { ADMIN, makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { multipartBody, png } from '#tests/support/uploads.ts';

loadTestEnv();

/** Someone who manages every item (the checks per uploader are tested in media-ownership.test.ts). */
const staff = { id: 'staff-member', role: { id: 'administrator', permissions: [...PERMISSIONS] } };

async function uploadPng(name: string) {
  const { boundary, body } = multipartBody([{ name, type: 'image/png', data: await png(700, 400) }]);
  const [item] = await receiveUpload(body, boundary, 10_000_000);
  return item!;
}

describe.each(testDialects)('media library on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('seeds real files: sizes and dimensions as stored, variants for the photos, types as detected', async () => {
    const { items } = await listMedia({ pageSize: 100 });
    expect(items).toHaveLength(seedMedia.length);
    for (const item of items) {
      const key = item.url.replace('/media/', '');
      expect(item.url).toMatch(/^\/media\/seed\//);
      expect((await getStorage().stat(key))?.size).toBe(item.fileSize);
      expect(item.dimensions?.width).toBeGreaterThan(0);
      const detected = await detectFileType(path.join(SEED_MEDIA_DIR, key.replace('seed/', '')), { name: key, mime: item.mimeType });
      expect(detected.mime).toBe(item.mimeType);
    }
    const hero = items.find((item) => item.url === '/media/seed/hero-photo.jpg')!;
    expect(hero.dimensions).toEqual({ width: 3000, height: 2000 });
    expect(hero.fileSize).toBeGreaterThan(1_000_000);
    expect(hero.variants.map((variant) => variant.width)).toEqual([320, 640, 768, 960, 1280, 1920]);
    const sizes = items.map((item) => item.fileSize);
    expect(Math.min(...sizes)).toBeLessThan(1024);
    expect(Math.max(...sizes)).toBeLessThan(2 * 1024 * 1024);
  });

  it('searches title or description case-insensitively, filters by type and paginates in the database', async () => {
    const [upload] = await Promise.all([uploadPng('Quarterly Chart.png')]);
    await updateMedia(staff, upload!.id, {
      title: 'Quarterly Chart',
      description: 'Revenue by REGION',
      alt: 'A bar chart',
      tags: ['report', 'q3'],
    });
    expect((await listMedia({ search: 'quarterly' })).items.map((item) => item.id)).toEqual([upload!.id]);
    expect((await listMedia({ search: 'region' })).items.map((item) => item.id)).toEqual([upload!.id]);
    expect((await listMedia({ search: '100%' })).items).toEqual([]);
    expect((await listMedia({ type: 'video' })).total).toBe(0);
    expect((await listMedia({ type: 'image' })).total).toBe(seedMedia.length + 1);
    const first = await listMedia({ pageSize: 4, page: 1 });
    const third = await listMedia({ pageSize: 4, page: 3 });
    expect(first).toMatchObject({ total: seedMedia.length + 1, pageCount: 3, page: 1 });
    expect(first.items[0]!.id).toBe(upload!.id); // newest first
    expect(third.items).toHaveLength(3);
    expect((await listMedia({ pageSize: 4, page: 99 })).page).toBe(3);
  });

  it('updates title, description, alt and tags and refreshes lastModified', async () => {
    const item = await uploadPng('edit-me.png');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await updateMedia(staff, item.id, { title: 'Edited', description: 'Desc', alt: 'Alt', tags: ['a', 'b'] });
    const [after] = await mediaWithUsage([item.id]);
    expect(after).toMatchObject({ title: 'Edited', description: 'Desc', alt: 'Alt', tags: ['a', 'b'], uploadedAt: item.uploadedAt });
    expect(after!.lastModified > item.lastModified).toBe(true);
    expect(await updateMedia(staff, 'missing', { title: '', description: '', alt: '', tags: [] })).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
  });

  it('works out where items are used: logo, hero image, featured images, pages and themes', async () => {
    const db = getDb();
    const ogImage = await uploadPng('social-card.png');
    const inTheme = await uploadPng('theme-background.png');
    const unused = await uploadPng('unused.png');
    // Written through the services, which record the usage (media_usage) in the same transaction.
    const admin = await makeActor('administrator', 'usage-admin');
    const edit = async (slug: string, change: { ogImage?: string; content?: string }) => {
      const page = (await db.selectFrom('pages').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow())!;
      const form = pageFormSchema.parse({
        title: page.title,
        slug,
        status: page.status,
        content: page.content,
        ...(page.og_image ? { ogImage: page.og_image } : {}),
        ...change,
      });
      expect(await updatePage(admin, page.id, { ...form, version: page.version })).toMatchObject({ ok: true });
    };
    await edit('about', { ogImage: ogImage.url });
    await edit('services', { content: `![chart](${ogImage.variants[0]!.url})` });
    const dark = (await getTheme('modern-dark'))!;
    expect(
      await saveTheme(ADMIN, 'modern-dark', {
        name: dark.name,
        version: dark.version,
        settings: dark.settings,
        sections: { hero: { settings: { backgroundImage: inTheme.url } } },
      }),
    ).toMatchObject({ ok: true });

    const { items } = await listMedia({ pageSize: 100 }, { withUsedIn: true });
    const usedIn = (url: string) => items.find((item) => item.url === url)!.usedIn;
    expect(usedIn('/media/seed/company-logo.svg')).toEqual(['Header', 'Footer']);
    expect(usedIn('/media/seed/app-screenshot.png')).toEqual(['Hero Section']);
    expect(usedIn('/media/seed/hero-photo.jpg')).toEqual([
      'Blog post “Getting Started with Web Development”',
      'Blog post “Premiers pas en développement web”',
    ]);
    expect(usedIn(ogImage.url).sort()).toEqual(['Page “About Us”', 'Page “Our Services”']);
    expect(usedIn(inTheme.url)).toEqual(['Theme “Modern Dark”']);
    expect(usedIn(unused.url)).toEqual([]);
    expect((await mediaWithUsage([ogImage.id]))[0]!.usedIn).toHaveLength(2);
  });

  it('looks up images by address for srcset, ignoring addresses outside the library', async () => {
    const found = await findImagesByUrl(['/media/seed/hero-photo.jpg', 'https://elsewhere.example/x.png', null]);
    expect([...found.keys()]).toEqual(['/media/seed/hero-photo.jpg']);
    expect(found.get('/media/seed/hero-photo.jpg')).toMatchObject({ width: 3000, height: 2000, alt: expect.any(String) });
    expect(await findImageByUrl('/media/nothing.png')).toBeNull();
  });

  it('deletes several items at once and reports how many went', async () => {
    const a = await uploadPng('a.png');
    const b = await uploadPng('b.png');
    expect(await deleteMedia([a.id, b.id])).toBe(2);
    expect(await mediaWithUsage([a.id, b.id])).toEqual([]);
  });
});
