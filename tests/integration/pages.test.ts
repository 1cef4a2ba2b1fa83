import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { type PageForm, pageFormSchema } from '#app/schemas/page.ts';
import { cacheGeneration } from '#app/services/cache/html-cache.server.ts';
import { createPage, deletePage, getPage, listPages, restorePage, trashPage, updatePage } from '#app/services/pages/pages.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

function pageInput(overrides: Partial<Record<keyof PageForm, string>> = {}): PageForm {
  return pageFormSchema.parse({ title: 'A page', slug: 'a-page', content: 'Some **content**', status: 'draft', ...overrides });
}

describe.each(testDialects)('pages on $name', (dialect) => {
  let admin: Awaited<ReturnType<typeof makeActor>>;
  let editor: Awaited<ReturnType<typeof makeActor>>;
  let author: Awaited<ReturnType<typeof makeActor>>;

  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator');
    editor = await makeActor('editor');
    author = await makeActor('author');
  });
  afterAll(() => dialect.close());

  it('normalises the slug and refuses one that a live page already uses', async () => {
    const input = pageInput({ title: 'Our Team', slug: '  Our Team — Paris! ' });
    expect(input.slug).toBe('our-team-paris');
    const created = await createPage(admin, input);
    expect(created.ok).toBe(true);
    const again = await createPage(admin, pageInput({ slug: 'our-team-paris' }));
    expect(again).toMatchObject({ ok: false, reason: 'invalid', fieldErrors: { slug: [expect.any(String)] } });
    // The seeded "about" page holds /about.
    expect(await createPage(admin, pageInput({ slug: 'About' }))).toMatchObject({ ok: false, fieldErrors: { slug: [expect.any(String)] } });
  });

  it('drops the cached public HTML after every successful write, and only then', async () => {
    const before = cacheGeneration();
    const created = await createPage(admin, pageInput({ slug: 'cache-check', status: 'published' }));
    if (!created.ok) throw new Error('create failed');
    expect(cacheGeneration()).toBe(before + 1);
    await createPage(admin, pageInput({ slug: 'cache-check' }));
    expect(cacheGeneration()).toBe(before + 1);
    await trashPage(admin, created.id);
    await restorePage(admin, created.id);
    expect(cacheGeneration()).toBe(before + 3);
  });

  it('refuses the paths the site itself uses', async () => {
    for (const slug of ['blog', 'admin', 'login', 'preview', 'api']) {
      expect(await createPage(admin, pageInput({ slug }))).toMatchObject({
        ok: false,
        fieldErrors: { slug: [expect.stringContaining('used by the site')] },
      });
    }
  });

  it('rejects a form without title, slug or content with the spec messages', () => {
    const result = pageFormSchema.safeParse({ title: ' ', slug: '!!!', status: 'draft' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual(
      expect.arrayContaining(['title: Title is required', 'slug: Slug is required', 'content: Content is required']),
    );
    expect(pageFormSchema.safeParse({ ...pageInput(), status: 'trash' }).success).toBe(false);
  });

  it('saves only on the version it was opened at: the check is in the UPDATE', async () => {
    const created = await createPage(admin, pageInput({ slug: 'versioned' }));
    if (!created.ok) throw new Error('create failed');
    const first = await updatePage(admin, created.id, { ...pageInput({ slug: 'versioned', title: 'First edit' }), version: 1 });
    expect(first.ok).toBe(true);
    const stale = await updatePage(editor, created.id, { ...pageInput({ slug: 'versioned', title: 'Stale edit' }), version: 1 });
    expect(stale).toEqual({ ok: false, reason: 'conflict', message: expect.stringContaining('changed by someone else') });
    const page = await getPage(created.id);
    expect(page).toMatchObject({ title: 'First edit', version: 2 });

    // Two saves racing on the same version: exactly one wins.
    const racing = await Promise.all([
      updatePage(admin, created.id, { ...pageInput({ slug: 'versioned', title: 'Race A' }), version: 2 }),
      updatePage(editor, created.id, { ...pageInput({ slug: 'versioned', title: 'Race B' }), version: 2 }),
    ]);
    expect(racing.filter((result) => result.ok)).toHaveLength(1);
    expect(racing.filter((result) => !result.ok)).toEqual([
      { ok: false, reason: 'conflict', message: expect.stringContaining('changed by someone else') },
    ]);
    expect((await getPage(created.id))!.version).toBe(3);
  });

  it('sets the publish date when publishing and clears it for a draft', async () => {
    const created = await createPage(admin, pageInput({ slug: 'dated', status: 'published', publishDate: '2025-03-01T10:30' }));
    if (!created.ok) throw new Error('create failed');
    expect((await getPage(created.id))!.publish_date).toBe('2025-03-01T10:30:00.000Z');
    await updatePage(admin, created.id, { ...pageInput({ slug: 'dated' }), version: 1 });
    expect((await getPage(created.id))!.publish_date).toBeNull();
  });

  it('moves to the trash, restores as a draft and deletes for good only from the trash', async () => {
    const created = await createPage(admin, pageInput({ slug: 'trashable', status: 'published' }));
    if (!created.ok) throw new Error('create failed');
    expect(await deletePage(admin, created.id)).toEqual({ ok: false, reason: 'not-found', message: 'This page no longer exists.' });
    expect(await trashPage(editor, created.id)).toEqual({ ok: true, id: created.id });
    expect((await getPage(created.id))!.status).toBe('trash');
    // Saving the trashed page in the editor does not bring it back, whatever status it asks for.
    const { version } = (await getPage(created.id))!;
    expect(await updatePage(admin, created.id, { ...pageInput({ slug: 'trashable', status: 'published' }), version })).toEqual({
      ok: false,
      reason: 'conflict',
      message: 'This page is in the trash. Restore it before editing it.',
    });
    expect(await getPage(created.id)).toMatchObject({ status: 'trash', version });

    // A trashed page frees its slug; restoring it then takes the next free one.
    const taker = await createPage(admin, pageInput({ slug: 'trashable' }));
    expect(taker.ok).toBe(true);
    const restored = await restorePage(editor, created.id);
    expect(restored).toEqual({ ok: true, id: created.id, slug: 'trashable-2', renamed: true });
    expect((await getPage(created.id))!.status).toBe('draft');

    await trashPage(admin, created.id);
    expect(await deletePage(editor, created.id)).toEqual({ ok: false, reason: 'forbidden' });
    expect(await deletePage(admin, created.id)).toEqual({ ok: true, id: created.id });
    expect(await getPage(created.id)).toBeUndefined();
  });

  it('lets only page managers write and only publishers publish', async () => {
    expect(await createPage(author, pageInput({ slug: 'by-author' }))).toEqual({ ok: false, reason: 'forbidden' });
    const manager = { ...editor, role: { id: 'custom', permissions: ['access_admin', 'manage_pages'] } };
    expect(await createPage(manager, pageInput({ slug: 'managed', status: 'published' }))).toEqual({ ok: false, reason: 'forbidden' });
    const draft = await createPage(manager, pageInput({ slug: 'managed' }));
    expect(draft.ok).toBe(true);
    const about = await getDb().selectFrom('pages').select(['id', 'version']).where('slug', '=', 'about').executeTakeFirstOrThrow();
    expect(await updatePage(manager, about.id, { ...pageInput({ slug: 'about' }), version: about.version })).toEqual({
      ok: false,
      reason: 'forbidden',
    });
    expect(await trashPage(manager, about.id)).toEqual({ ok: false, reason: 'forbidden' });
  });

  it('lists, searches and paginates in the database, newest change first', async () => {
    for (let i = 0; i < 23; i++) await createPage(admin, pageInput({ title: `Zebra ${i}`, slug: `zebra-${i}` }));
    const first = await listPages({ trash: false, search: 'ZEBRA', page: 1 });
    expect(first.total).toBe(23);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(20);
    const second = await listPages({ trash: false, search: 'zebra', page: 2 });
    expect(second.items).toHaveLength(3);
    expect([...first.items, ...second.items].map((item) => item.title).sort()).toHaveLength(23);
    // Beyond the last screen shows the last screen.
    expect((await listPages({ trash: false, search: 'zebra', page: 99 })).page).toBe(2);
    expect((await listPages({ trash: false, search: '50%_', page: 1 })).total).toBe(0);
    const trash = await listPages({ trash: true, search: '', page: 1 });
    expect(trash.items.every((item) => item.status === 'trash')).toBe(true);
  });
});
