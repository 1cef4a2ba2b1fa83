import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import type { ImportReport } from '#app/lib/import-report.ts';
import { renderMarkdown } from '#app/services/content/markdown.server.ts';
import {
  IMPORT_JOB,
  importAfterDryRun,
  listImportRuns,
  runImportJob,
  startWordPressImport,
} from '#app/services/import/import-runs.server.ts';
import { importWordPress } from '#app/services/import/wordpress-import.server.ts';
import { WxrFormatError } from '#app/services/import/wxr-reader.server.ts';
import { serveRedirects } from '#server/redirects.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';

loadTestEnv();

const FIXTURE = path.resolve('tests/fixtures/wordpress/export.xml');
const UPLOADS = path.resolve('tests/fixtures/wordpress/uploads');

const counts = (report: ImportReport) =>
  Object.fromEntries(Object.entries(report.types).map(([type, r]) => [type, [r.found, r.imported, r.skipped, r.failed]]));

async function get(server: http.Server, pathname: string): Promise<{ status: number; location?: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname }, (response) => {
        response.resume();
        resolve({ status: response.statusCode!, location: response.headers.location });
      })
      .on('error', reject);
  });
}

// The export of a real WordPress 6.1 (tests/fixtures/wordpress/make-export.php) imported on each database.
describe.each(testDialects)('WordPress import on $name', (dialect) => {
  let admin: Awaited<ReturnType<typeof makeActor>>;
  let first: ImportReport;
  let redirectServer: http.Server;
  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator');
    const app = express();
    app.use(serveRedirects);
    app.use((_req, res) => void res.status(404).end());
    redirectServer = app.listen(0, '127.0.0.1');
    first = await importWordPress({ file: FIXTURE, uploadsDir: UPLOADS, download: false, actorId: admin.id });
  });
  afterAll(async () => {
    redirectServer.close();
    await dialect.close();
  });

  it('imports every type and reports found, imported, skipped and failed for each', () => {
    expect(first.site).toBe('http://127.0.0.1:18204');
    // [found, imported, skipped, failed]
    expect(counts(first)).toEqual({
      authors: [2, 2, 0, 0],
      // The starter content already has a Design category: the posts go in it.
      categories: [3, 2, 1, 0],
      tags: [4, 4, 0, 0],
      media: [3, 3, 0, 0],
      posts: [4, 4, 0, 0],
      pages: [3, 3, 0, 0],
      // A pingback is not a comment; comments on a page have nowhere to go.
      comments: [6, 4, 2, 0],
      // Published items with a pretty permalink: two posts and the child page move; the top page keeps its address.
      redirects: [4, 3, 1, 0],
      other: [0, 0, 0, 0],
    });
    expect(first.types.categories.problems).toEqual([
      { outcome: 'skipped', item: 'category Design', reason: 'a category of that name is already here (used as it is)' },
    ]);
    expect(first.types.comments.problems.map((p) => p.reason).sort()).toEqual([
      'a pingback, not a comment',
      'comments are on blog posts only here',
    ]);
  });

  it('makes the authors pending users and keeps dates, statuses, excerpts, categories, tags and the featured image', async () => {
    const db = getDb();
    const users = await db
      .selectFrom('users')
      .select(['email', 'name', 'status', 'role_id'])
      .where('email', 'in', ['admin@example.com', 'marie@example.com'])
      .execute();
    expect(users).toEqual(
      expect.arrayContaining([
        { email: 'marie@example.com', name: 'Marie Dupré', status: 'pending', role_id: 'author' },
        { email: 'admin@example.com', name: 'Ada Admin', status: 'pending', role_id: 'author' },
      ]),
    );
    const posts = await db
      .selectFrom('blog_posts')
      .selectAll()
      .where('slug', 'in', ['we-moved-to-the-harbour', 'notes-from-the-old-workshop', 'ideas-for-the-autumn', 'open-studio-day-2031'])
      .orderBy('slug')
      .execute();
    const bySlug = Object.fromEntries(posts.map((post) => [post.slug, post]));
    const moved = bySlug['we-moved-to-the-harbour']!;
    expect(moved).toMatchObject({
      status: 'published',
      publish_date: '2024-03-15T10:30:00.000Z',
      excerpt: 'Our new studio by the sea.',
      author_name: 'Ada Admin',
      // In the site's default language, its own translation group (decision 030).
      language: 'en',
      translation_group: moved.id,
    });
    expect(JSON.parse(moved.tags)).toEqual(['news-from-us', 'studio']);
    expect(moved.featured_image).toMatch(/^\/media\/.+\.jpg$/);
    expect(moved.featured_image_alt).toBe('Boats in the harbour at dawn');
    const categories = await db
      .selectFrom('post_categories')
      .innerJoin('categories', 'categories.id', 'post_categories.category_id')
      .select('categories.name')
      .where('post_id', '=', moved.id)
      .orderBy('categories.name')
      .execute();
    expect(categories.map((c) => c.name)).toEqual(['Design', 'News']);
    expect(bySlug['notes-from-the-old-workshop']).toMatchObject({
      status: 'published',
      publish_date: '2023-11-02T08:00:00.000Z',
      author_name: 'Marie Dupré',
    });
    // No excerpt in WordPress: the start of the text.
    expect(bySlug['notes-from-the-old-workshop']!.excerpt).toMatch(/^Before the block editor, posts were written like this\./);
    expect(bySlug['ideas-for-the-autumn']).toMatchObject({ status: 'draft', publish_date: null });
    expect(bySlug['open-studio-day-2031']).toMatchObject({
      status: 'scheduled',
      publish_date: '2031-06-01T09:00:00.000Z',
      scheduled_by: admin.id,
    });
    const pages = await db
      .selectFrom('pages')
      .select(['slug', 'status'])
      .where('slug', 'in', ['about-the-studio', 'team', 'prices'])
      .orderBy('slug')
      .execute();
    expect(pages).toEqual([
      { slug: 'about-the-studio', status: 'published' },
      { slug: 'prices', status: 'draft' },
      { slug: 'team', status: 'published' },
    ]);
    const media = await db
      .selectFrom('media')
      .select(['title', 'alt', 'type', 'width'])
      .where('title', 'in', ['Harbour at dawn', 'Workshop', 'Studio brochure'])
      .orderBy('title')
      .execute();
    expect(media).toEqual([
      { title: 'Harbour at dawn', alt: 'Boats in the harbour at dawn', type: 'image', width: 640 },
      { title: 'Studio brochure', alt: 'Studio brochure', type: 'document', width: null },
      { title: 'Workshop', alt: 'The workshop bench', type: 'image', width: 480 },
    ]);
  });

  it('converts block and classic markup and the caption, gallery and embed shortcodes to Markdown, keeping unknown shortcodes visible', async () => {
    const db = getDb();
    const [harbour, workshop, brochure] = await Promise.all(
      ['Harbour at dawn', 'Workshop', 'Studio brochure'].map(
        async (title) => (await db.selectFrom('media').select('url').where('title', '=', title).executeTakeFirstOrThrow()).url,
      ),
    );
    const block = (
      await db.selectFrom('blog_posts').select('content').where('slug', '=', 'we-moved-to-the-harbour').executeTakeFirstOrThrow()
    ).content;
    expect(block).not.toContain('<!--');
    expect(block).toContain(
      'We moved our **whole studio** to a new building by the sea. Read the [press note](https://example.org/press).',
    );
    expect(block).toContain('## What changed');
    expect(block).toMatch(/- +More light\n- +A bigger workshop/);
    // The medium size of the image is the imported original; its caption follows it.
    expect(block).toContain(`![Boats in the harbour at dawn](${harbour})\n*The view from the new windows*`);
    expect(block).toContain('> Design is how it works.');
    expect(block).toContain(`![The workshop bench](${workshop})`);
    expect(block).toContain('\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n');
    expect(block).toContain('```\nnpm run import:wordpress -- export.xml\n```');
    expect(block).toContain('\\[newsletter\\_signup list="studio"\\]');
    const html = renderMarkdown(block);
    expect(html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(html).toContain('[newsletter_signup list="studio"]');
    expect(html).toContain(`<img src="${harbour}"`);

    const classic = (
      await db.selectFrom('blog_posts').select('content').where('slug', '=', 'notes-from-the-old-workshop').executeTakeFirstOrThrow()
    ).content;
    expect(classic).toContain('Before the block editor, posts were written like this.  \nA line break inside a paragraph.');
    expect(classic).toContain(`![The workshop bench](${workshop})\n*Our workshop, before the move*`);
    expect(classic).toContain(
      `![Boats in the harbour at dawn](${harbour})\n*The harbour at dawn*\n\n![The workshop bench](${workshop})\n*Our workshop*`,
    );
    expect(classic).toContain('\nhttps://vimeo.com/76979871\n');
    expect(classic).toContain(`Download [our brochure](${brochure}).`);
    expect(classic).toContain('\\[contact-form-7 id="42" title="Contact form"\\]');
    expect(renderMarkdown(classic)).toContain('<iframe src="https://player.vimeo.com/video/76979871');
    expect(first.notes).toEqual(
      expect.arrayContaining([
        'post “We moved to the harbour” (WordPress id 7): shortcode [newsletter_signup] kept as text',
        'post “Notes from the old workshop” (WordPress id 8): shortcode [contact-form-7] kept as text',
      ]),
    );
    const page = (await db.selectFrom('pages').select('content').where('slug', '=', 'about-the-studio').executeTakeFirstOrThrow()).content;
    expect(page).toBe(`We are **Studio Nord**, a small design studio.\n\n[Studio brochure](${brochure})`);
    // Media the content uses is recorded as used.
    const used = await db
      .selectFrom('media_usage')
      .select('ref_kind')
      .where('place', '=', 'content')
      .where('ref_kind', 'in', ['post', 'page'])
      .execute();
    expect(used.length).toBeGreaterThanOrEqual(4);
  });

  it('imports comments as approved or pending, with one level of replies', async () => {
    const db = getDb();
    const post = await db.selectFrom('blog_posts').select('id').where('slug', '=', 'notes-from-the-old-workshop').executeTakeFirstOrThrow();
    const comments = await db
      .selectFrom('comments')
      .select(['id', 'parent_id', 'author_name', 'body', 'status', 'staff_user_id', 'created_at'])
      .where('post_id', '=', post.id)
      .orderBy('created_at')
      .execute();
    expect(comments.map((c) => [c.author_name, c.body, c.status])).toEqual([
      ['Léa Martin', 'Lovely place!\nI miss the old bench.', 'approved'],
      ['Marie Dupré', 'Thank you Léa, the bench came with us.', 'approved'],
      ['Léa Martin', 'Good to hear!', 'approved'],
      ['Tom', 'When is the next open day?', 'pending'],
    ]);
    const [top, reply, replyToReply, held] = comments;
    expect(top!.parent_id).toBeNull();
    expect(reply!.parent_id).toBe(top!.id);
    // A reply to a reply joins the thread of its top-level comment.
    expect(replyToReply!.parent_id).toBe(top!.id);
    expect(held!.parent_id).toBeNull();
    expect(top!.created_at).toBe('2023-11-03T10:00:00.000Z');
    const marie = await db.selectFrom('users').select('id').where('email', '=', 'marie@example.com').executeTakeFirstOrThrow();
    expect(reply!.staff_user_id).toBe(marie.id);
  });

  it('turns each moved permalink into a 301 to the new address, in the Redirects table', async () => {
    const redirects = await getDb()
      .selectFrom('redirects')
      .select(['from_path', 'to_target', 'status_code'])
      .orderBy('from_path')
      .execute();
    expect(redirects).toEqual(
      expect.arrayContaining([
        { from_path: '/2023/11/notes-from-the-old-workshop', to_target: '/blog/notes-from-the-old-workshop', status_code: 301 },
        { from_path: '/2024/03/we-moved-to-the-harbour', to_target: '/blog/we-moved-to-the-harbour', status_code: 301 },
        { from_path: '/about-the-studio/team', to_target: '/team', status_code: 301 },
      ]),
    );
    expect(await get(redirectServer, '/2024/03/we-moved-to-the-harbour/')).toEqual({
      status: 301,
      location: '/blog/we-moved-to-the-harbour',
    });
    expect(await get(redirectServer, '/about-the-studio/team/')).toEqual({ status: 301, location: '/team' });
    expect((await get(redirectServer, '/2024/03/never-was/')).status).toBe(404);
  });

  it('leads the plain permalinks of published items (/?p=12, /?page_id=7) to their new address, and nothing else', async () => {
    expect(await get(redirectServer, '/?p=7')).toEqual({ status: 301, location: '/blog/we-moved-to-the-harbour' });
    // WordPress answers ?p= for a page too.
    expect(await get(redirectServer, '/?p=12')).toEqual({ status: 301, location: '/team' });
    expect(await get(redirectServer, '/?page_id=11')).toEqual({ status: 301, location: '/about-the-studio' });
    // A draft, a post asked for as a page, an id never imported and any other query are left to the home page.
    for (const query of ['/?p=9', '/?page_id=13', '/?page_id=7', '/?p=999', '/?p=7&x=1', '/?s=harbour', '/']) {
      expect((await get(redirectServer, query)).status, query).toBe(404);
    }
  });

  it('imports nothing new when run again: everything is skipped as already imported', async () => {
    const before = await Promise.all(
      (['blog_posts', 'pages', 'media', 'comments', 'users', 'categories', 'redirects'] as const).map(
        async (t) =>
          (
            await getDb()
              .selectFrom(t)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
      ),
    );
    const again = await importWordPress({ file: FIXTURE, uploadsDir: UPLOADS, download: false, actorId: admin.id });
    for (const [type, report] of Object.entries(again.types)) {
      expect(report.imported, type).toBe(0);
      expect(report.failed, type).toBe(0);
    }
    expect(counts(again)).toMatchObject({ posts: [4, 0, 4, 0], media: [3, 0, 3, 0], comments: [6, 0, 6, 0], redirects: [4, 0, 4, 0] });
    const after = await Promise.all(
      (['blog_posts', 'pages', 'media', 'comments', 'users', 'categories', 'redirects'] as const).map(
        async (t) =>
          (
            await getDb()
              .selectFrom(t)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
      ),
    );
    expect(after.map(Number)).toEqual(before.map(Number));
  });

  it('a malformed item fails alone, with its reason, and the rest of the file is imported; a dry run writes nothing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'wxr-'));
    const file = path.join(dir, 'export.xml');
    // Another site (so nothing is "already imported"), one post with an unreadable date, one with no id.
    const xml = readFileSync(FIXTURE, 'utf8')
      .replaceAll('http://127.0.0.1:18204', 'https://other.example')
      .replace(
        '<wp:post_date_gmt><![CDATA[2024-03-15 10:30:00]]></wp:post_date_gmt>',
        '<wp:post_date_gmt><![CDATA[yesterday]]></wp:post_date_gmt>',
      )
      .replace('<wp:post_date><![CDATA[2024-03-15 10:30:00]]></wp:post_date>', '<wp:post_date><![CDATA[soon]]></wp:post_date>')
      .replace('<wp:post_id>12</wp:post_id>', '<wp:post_id></wp:post_id>');
    writeFileSync(file, xml);
    const posts = async () =>
      Number(
        (
          await getDb()
            .selectFrom('blog_posts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await posts();
    const dry = await importWordPress({ file, uploadsDir: UPLOADS, download: false, dryRun: true, actorId: admin.id });
    expect(dry.dryRun).toBe(true);
    expect(counts(dry)).toMatchObject({ posts: [4, 3, 0, 1], pages: [3, 2, 0, 1], media: [3, 3, 0, 0] });
    expect(await posts()).toBe(before);

    const report = await importWordPress({ file, uploadsDir: UPLOADS, download: false, actorId: admin.id });
    expect(counts(report)).toMatchObject({ posts: [4, 3, 0, 1], pages: [3, 2, 0, 1], media: [3, 3, 0, 0] });
    expect(report.types.posts.problems).toEqual([
      {
        outcome: 'failed',
        item: 'post “We moved to the harbour” (WordPress id 7)',
        reason: 'its publish date (“yesterday”) cannot be read',
      },
    ]);
    expect(report.types.pages.problems).toEqual([
      { outcome: 'failed', item: 'page “Our team” (WordPress id ?)', reason: 'it has no wp:post_id' },
    ]);
    expect(await posts()).toBe(before + 3);
    // Slugs already used by the first import's posts get a number.
    expect(report.notes).toEqual(
      expect.arrayContaining([
        'post “Notes from the old workshop” (WordPress id 8): the slug “notes-from-the-old-workshop” was taken: imported as “notes-from-the-old-workshop-2”',
      ]),
    );
  });

  it('downloads media from the old site when no uploads folder has them, within limits, and only from allowed addresses', async () => {
    const site = express();
    site.use('/wp-content/uploads', express.static(UPLOADS));
    const old = site.listen(0, '127.0.0.1');
    await new Promise((resolve) => old.once('listening', resolve));
    try {
      const dir = await mkdtemp(path.join(tmpdir(), 'wxr-'));
      const origin = `http://127.0.0.1:${(old.address() as AddressInfo).port}`;
      const file = path.join(dir, 'export.xml');
      writeFileSync(file, readFileSync(FIXTURE, 'utf8').replaceAll('http://127.0.0.1:18204', origin));
      // The old site is on this machine: refused unless allowed (an export cannot make the server reach inside).
      const refused = await importWordPress({ file, actorId: admin.id });
      expect(counts(refused).media).toEqual([3, 0, 0, 3]);
      expect(refused.types.media.problems[0]!.reason).toMatch(
        /could not be downloaded from .*harbour\.jpg: 127\.0\.0\.1 is on this machine or a private network/,
      );
      // An image not imported stays a visible link to where it was.
      expect(refused.notes).toEqual(
        expect.arrayContaining([expect.stringMatching(/image .*harbour-300x188\.jpg not imported, kept as a link/)]),
      );

      writeFileSync(file, readFileSync(FIXTURE, 'utf8').replaceAll('http://127.0.0.1:18204', origin.replace('127.0.0.1', 'localhost')));
      const downloaded = await importWordPress({ file, actorId: admin.id, allowPrivateDownloads: true });
      expect(counts(downloaded).media).toEqual([3, 3, 0, 0]);
      const brochure = await getDb()
        .selectFrom('media')
        .select(['file_size', 'mime_type'])
        .where('title', '=', 'Studio brochure')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(brochure).toEqual({
        file_size: readFileSync(path.join(UPLOADS, '2024/03/brochure.pdf')).length,
        mime_type: 'application/pdf',
      });
    } finally {
      old.close();
    }
  });

  it('Settings → Import: an uploaded file is dry-run as a job, then imported from the dry run, each with its report', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'wxr-'));
    const upload = path.join(dir, 'upload.xml');
    writeFileSync(upload, readFileSync(FIXTURE, 'utf8').replaceAll('http://127.0.0.1:18204', 'https://third.example'));
    const started = await startWordPressImport(admin, { path: upload, name: 'C:\\exports\\site.xml' }, { dryRun: true });
    expect(started.ok).toBe(true);
    const job = await getDb().selectFrom('jobs').select(['name', 'payload']).where('name', '=', IMPORT_JOB).executeTakeFirstOrThrow();
    await runImportJob(JSON.parse(job.payload));
    let [run] = await listImportRuns();
    expect(run).toMatchObject({ fileName: 'site.xml', dryRun: true, status: 'done', canImport: true });
    expect(run!.report!.types.posts).toMatchObject({ found: 4, imported: 4 });
    const posts = await getDb().selectFrom('blog_posts').select('id').execute();

    const again = await importAfterDryRun(admin, run!.id);
    expect(again.ok).toBe(true);
    await runImportJob({ runId: again.ok ? again.id : '' });
    [run] = await listImportRuns();
    expect(run).toMatchObject({ dryRun: false, status: 'done', canImport: false });
    expect(run!.report!.types.posts).toMatchObject({ found: 4, imported: 4 });
    expect((await getDb().selectFrom('blog_posts').select('id').execute()).length).toBe(posts.length + 4);
    // The dry run's file is gone with the import: it cannot be imported twice from here.
    expect((await listImportRuns())[1]!.canImport).toBe(false);

    // A file that is not an export fails with its reason, not a crash of the job.
    const bad = path.join(dir, 'bad.xml');
    writeFileSync(bad, 'not xml at all');
    const failing = await startWordPressImport(admin, { path: bad, name: 'bad.xml' }, { dryRun: false });
    await runImportJob({ runId: failing.ok ? failing.id : '' });
    [run] = await listImportRuns();
    expect(run).toMatchObject({ fileName: 'bad.xml', status: 'failed' });
    expect(run!.error).toMatch(/^This is not a (readable )?WordPress export/);
  });

  it('refuses a file that is not a WordPress export, importing nothing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'wxr-'));
    const broken = path.join(dir, 'broken.xml');
    writeFileSync(broken, '<rss><channel><item><title>Cut off');
    await expect(importWordPress({ file: broken, download: false })).rejects.toThrow(WxrFormatError);
    const html = path.join(dir, 'page.xml');
    writeFileSync(html, '<html><body>hello</body></html>');
    await expect(importWordPress({ file: html, download: false })).rejects.toThrow('it starts with <html>, not <rss>');
    await expect(importWordPress({ file: path.join(dir, 'missing.xml') })).rejects.toThrow('There is no file at');
  });
});
