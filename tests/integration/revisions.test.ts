import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { type PageForm, pageFormSchema } from '#app/schemas/page.ts';
import { postFormSchema } from '#app/schemas/post.ts';
import { advancedSettingsSchema } from '#app/schemas/settings.ts';
import { getLandingForEdit, saveLanding } from '#app/services/landing/landing-admin.server.ts';
import { createPage, deletePage, trashPage, updatePage } from '#app/services/pages/pages.server.ts';
import { createPost, updatePost } from '#app/services/posts/posts.server.ts';
import { getRevisionRetention, pruneRevisions } from '#app/services/revisions/revision-retention.server.ts';
import { getRevisionState, listRevisions } from '#app/services/revisions/revisions.server.ts';
import { getAdvancedSettings, saveAdvancedSettings } from '#app/services/settings/settings.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

function pageInput(overrides: Partial<Record<keyof PageForm, string>> = {}): PageForm {
  return pageFormSchema.parse({ title: 'A page', slug: 'rev-page', content: 'The first words', status: 'draft', ...overrides });
}

describe.each(testDialects)('revisions on $name', (dialect) => {
  let admin: Awaited<ReturnType<typeof makeActor>>;
  let author: Awaited<ReturnType<typeof makeActor>>;

  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator', 'Maria');
    author = await makeActor('author', 'Tom');
  });
  afterAll(() => dialect.close());

  it('keeps one revision per save with who, the full state and the changed fields, newest first', async () => {
    const created = await createPage(admin, pageInput({ slug: 'per-save' }));
    if (!created.ok) throw new Error('create failed');
    await updatePage(admin, created.id, { ...pageInput({ slug: 'per-save', title: 'Renamed' }), version: 1 });
    await updatePage(admin, created.id, {
      ...pageInput({ slug: 'per-save', title: 'Renamed', content: 'New words', status: 'published' }),
      version: 2,
    });
    // A refused (stale) save keeps nothing.
    expect((await updatePage(admin, created.id, { ...pageInput({ slug: 'per-save' }), version: 1 })).ok).toBe(false);

    const revisions = await listRevisions('page', created.id);
    expect(revisions.map((revision) => [revision.version, revision.changedFields, revision.published, revision.first])).toEqual([
      [3, ['content', 'status'], true, false],
      [2, ['title'], false, false],
      [1, [], false, true],
    ]);
    expect(revisions.every((revision) => revision.savedByName === 'Maria')).toBe(true);
    const state = await getRevisionState<PageForm>('page', created.id, revisions[1]!.id);
    expect(state).toMatchObject({ title: 'Renamed', slug: 'per-save', content: 'The first words', status: 'draft' });
    expect(state).not.toHaveProperty('version');
  });

  it('keeps post revisions with their lists (tags, categories) as one field each', async () => {
    const category = await getDb().selectFrom('categories').select('id').executeTakeFirstOrThrow();
    const input = postFormSchema.parse({
      title: 'Rev post',
      slug: 'rev-post',
      content: 'Body',
      excerpt: 'Short',
      status: 'draft',
      categories: [category.id],
      tags: 'a, b',
    });
    const created = await createPost({ ...author, name: 'Tom' }, input);
    if (!created.ok) throw new Error('create failed');
    await updatePost(author, created.id, { ...input, tags: ['a', 'c'], version: 1 });
    const [latest] = await listRevisions('post', created.id);
    expect(latest).toMatchObject({ version: 2, changedFields: ['tags'], savedByName: 'Tom' });
  });

  it('restoring a revision is a new save through the version check: a new revision, history kept', async () => {
    const created = await createPage(admin, pageInput({ slug: 'restore-me', content: 'Good text' }));
    if (!created.ok) throw new Error('create failed');
    await updatePage(admin, created.id, { ...pageInput({ slug: 'restore-me', content: 'Bad change' }), version: 1 });
    const [, good] = await listRevisions('page', created.id);
    const restored = pageFormSchema.parse(await getRevisionState('page', created.id, good!.id));
    // The editor sends the restored state with the version it was opened at: a stale one is refused.
    expect(await updatePage(admin, created.id, { ...restored, version: 1 })).toMatchObject({ ok: false, reason: 'conflict' });
    expect((await updatePage(admin, created.id, { ...restored, version: 2 })).ok).toBe(true);
    const after = await listRevisions('page', created.id);
    expect(after.map((revision) => revision.version)).toEqual([3, 2, 1]);
    expect(after[0]!.changedFields).toEqual(['content']);
    expect(await getRevisionState('page', created.id, after[0]!.id)).toMatchObject({ content: 'Good text' });
  });

  it('prunes beyond the setting, never the revision the published item was published from, and 0 keeps all', async () => {
    const created = await createPage(admin, pageInput({ slug: 'retained', status: 'published', content: 'Live words' }));
    if (!created.ok) throw new Error('create failed');
    // Later saves by someone who may not publish would be refused; these stay published but the live one is the first.
    for (let version = 1; version <= 6; version++) {
      await updatePage(admin, created.id, { ...pageInput({ slug: 'retained', status: 'draft', content: `Draft ${version}` }), version });
    }
    expect(await listRevisions('page', created.id)).toHaveLength(7);
    expect(await getRevisionRetention()).toBe(50);
    const keep = async (revisionsKept: number) => saveAdvancedSettings(admin, { ...(await getAdvancedSettings()), revisionsKept });
    expect(await keep(0)).toEqual({ ok: true });
    expect(await pruneRevisions()).toBe(0);
    for (const wrong of ['-1', '2.5', '', 'ten', '10001'])
      expect(advancedSettingsSchema.safeParse({ cacheTtl: '3600', revisionsKept: wrong }).error?.issues[0]?.message).toBe(
        'Enter a whole number from 0 (keep all) to 10000.',
      );
    expect(advancedSettingsSchema.parse({ cacheTtl: '3600' }).revisionsKept).toBe(50);
    expect(await keep(3)).toEqual({ ok: true });
    await pruneRevisions();
    const kept = await listRevisions('page', created.id);
    expect(kept.map((revision) => revision.version)).toEqual([7, 6, 5, 1]);
    expect(kept.at(-1)).toMatchObject({ published: true });
    await keep(50);
  });

  it('keeps the landing copy in the same history, and drops revisions with the item deleted for good', async () => {
    const start = await getLandingForEdit('en');
    const content = { ...start.content, hero: { ...start.content.hero, title: 'A new headline' } };
    expect((await saveLanding(admin, { lang: 'en', content, version: start.version, publish: false })).ok).toBe(true);
    const [latest] = await listRevisions('landing', 'en');
    expect(latest).toMatchObject({ changedFields: ['hero.title'], published: false, savedByName: 'Maria' });

    const created = await createPage(admin, pageInput({ slug: 'goes-away' }));
    if (!created.ok) throw new Error('create failed');
    await trashPage(admin, created.id);
    // In the trash the history stays with the item, ready for its restore.
    expect(await listRevisions('page', created.id)).toHaveLength(1);
    await deletePage(admin, created.id);
    expect(await listRevisions('page', created.id)).toHaveLength(0);
  });
});
