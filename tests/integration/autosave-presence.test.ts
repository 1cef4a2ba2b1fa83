import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { pageFormSchema } from '#app/schemas/page.ts';
import { createPage, getPage, updatePage } from '#app/services/pages/pages.server.ts';
import { createPost } from '#app/services/posts/posts.server.ts';
import { discardAutosave, getAutosave, listNewDrafts, saveAutosave } from '#app/services/revisions/autosave.server.ts';
import { editorsOf, heartbeat, leaveItem, takeOver } from '#app/services/revisions/presence.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

describe.each(testDialects)('autosave and edit presence on $name', (dialect) => {
  let maria: Awaited<ReturnType<typeof makeActor>>;
  let tom: Awaited<ReturnType<typeof makeActor>>;
  let contributor: Awaited<ReturnType<typeof makeActor>>;
  let pageId: string;

  beforeAll(async () => {
    await dialect.open();
    maria = await makeActor('administrator', 'Maria');
    tom = await makeActor('editor', 'Tom');
    contributor = await makeActor('contributor', 'Cleo');
    const created = await createPage(
      maria,
      pageFormSchema.parse({ title: 'Shared', slug: 'shared', content: 'Saved text', status: 'draft' }),
    );
    if (!created.ok) throw new Error('create failed');
    pageId = created.id;
  });
  afterAll(() => dialect.close());

  it('keeps only the newest request of a user, never touching the item, whatever order the requests arrive in', async () => {
    const send = (seq: number, content: string) =>
      saveAutosave(maria, { kind: 'page', itemKey: pageId, seq, fields: { title: 'Shared', content }, baseVersion: 1 });
    expect(await send(2, 'Typed more')).toMatchObject({ ok: true, seq: 2 });
    // A late answer to an older request: the server keeps the newer text and says which seq it holds.
    expect(await send(1, 'Typed')).toMatchObject({ ok: true, seq: 2 });
    expect((await getAutosave(maria, 'page', pageId))?.fields.content).toBe('Typed more');
    // Many racing requests: the highest seq wins.
    await Promise.all([5, 3, 9, 4, 8, 6, 7].map((seq) => send(seq, `Text ${seq}`)));
    expect((await getAutosave(maria, 'page', pageId))?.fields.content).toBe('Text 9');
    expect(await getPage(pageId)).toMatchObject({ content: 'Saved text', status: 'draft', version: 1 });
    // Each user has their own.
    expect(await getAutosave(tom, 'page', pageId)).toBeNull();
  });

  it('drops the saver’s autosave when the item is saved', async () => {
    await updatePage(maria, pageId, {
      ...pageFormSchema.parse({ title: 'Shared', slug: 'shared', content: 'Text 9', status: 'draft' }),
      version: 1,
    });
    expect(await getAutosave(maria, 'page', pageId)).toBeNull();
  });

  it('lists a never-saved item under Drafts until it is discarded, and refuses what the user may not edit', async () => {
    const key = 'new-0f8d2c1e-aaaa-bbbb';
    expect(
      await saveAutosave(contributor, { kind: 'post', itemKey: key, seq: 1, fields: { title: 'Idea' }, baseVersion: null }),
    ).toMatchObject({
      ok: true,
    });
    expect((await listNewDrafts(contributor, 'post')).map((draft) => [draft.itemKey, draft.title])).toEqual([[key, 'Idea']]);
    expect(await listNewDrafts(maria, 'post')).toEqual([]);
    expect(await discardAutosave(contributor, 'post', key)).toEqual({ ok: true });
    expect(await listNewDrafts(contributor, 'post')).toEqual([]);

    // A contributor may not edit a page, nor someone else's post: no autosave, no presence.
    const fields = { title: 'Attack' };
    expect(await saveAutosave(contributor, { kind: 'page', itemKey: pageId, seq: 1, fields, baseVersion: 1 })).toMatchObject({
      reason: 'forbidden',
    });
    const category = await getDb().selectFrom('categories').select('id').executeTakeFirstOrThrow();
    const post = await createPost(
      { ...tom, name: 'Tom' },
      {
        title: 'T',
        slug: 'toms',
        content: 'c',
        excerpt: 'e',
        status: 'draft',
        categories: [category.id],
        tags: [],
        metaTitle: '',
        metaDescription: '',
        metaKeywords: '',
        commentsOff: false,
      },
    );
    if (!post.ok) throw new Error('create failed');
    expect(await saveAutosave(contributor, { kind: 'post', itemKey: post.id, seq: 1, fields, baseVersion: 1 })).toMatchObject({
      reason: 'forbidden',
    });
    expect(await heartbeat(contributor, { kind: 'post', itemId: post.id, tabId: 'x', mode: 'viewing' })).toMatchObject({
      reason: 'forbidden',
    });
    expect(await saveAutosave(maria, { kind: 'page', itemKey: 'not-a-key', seq: 1, fields, baseVersion: null })).toMatchObject({
      reason: 'forbidden',
    });
    expect(await saveAutosave(maria, { kind: 'page', itemKey: pageId, seq: 0, fields, baseVersion: 1 })).toMatchObject({
      reason: 'invalid',
    });
  });

  it('shows who else has the item open, marks the list, tells the first editor of a take-over, and forgets the silent', async () => {
    const start = new Date();
    const first = await heartbeat(maria, { kind: 'page', itemId: pageId, tabId: 'maria-tab', mode: 'editing' }, start);
    expect(first).toEqual({ ok: true, others: [], takenOverBy: null });
    const second = await heartbeat(tom, { kind: 'page', itemId: pageId, tabId: 'tom-tab', mode: 'viewing' }, start);
    expect(second).toMatchObject({ others: [{ name: 'Maria', mode: 'editing' }], takenOverBy: null });
    expect(await editorsOf(tom, 'page', [pageId])).toEqual({ [pageId]: 'Maria' });
    expect(await editorsOf(maria, 'page', [pageId])).toEqual({});

    expect(await takeOver({ ...tom, name: 'Tom' }, { kind: 'page', itemId: pageId, tabId: 'tom-tab' })).toEqual({ ok: true });
    const told = await heartbeat(maria, { kind: 'page', itemId: pageId, tabId: 'maria-tab', mode: 'editing' });
    expect(told).toMatchObject({ takenOverBy: 'Tom', others: [{ name: 'Tom', mode: 'editing' }] });
    expect(await editorsOf(maria, 'page', [pageId])).toEqual({ [pageId]: 'Tom' });
    // Maria reopening the item (a new tab) starts afresh, and sees Tom editing.
    const reopened = await heartbeat(maria, { kind: 'page', itemId: pageId, tabId: 'maria-tab-2', mode: 'viewing' });
    expect(reopened).toMatchObject({ takenOverBy: null, others: [{ name: 'Tom', mode: 'editing' }] });

    // A minute without a heartbeat: gone.
    const later = new Date(Date.now() + 61_000);
    expect(await editorsOf(maria, 'page', [pageId], later)).toEqual({});
    expect(await leaveItem(tom, { kind: 'page', itemId: pageId, tabId: 'tom-tab' })).toEqual({ ok: true });
    expect(await editorsOf(maria, 'page', [pageId])).toEqual({});
  });
});
