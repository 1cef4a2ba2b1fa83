import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import * as draftRoute from '#app/routes/site/draft.tsx';
import { pageFormSchema } from '#app/schemas/page.ts';
import { postFormSchema } from '#app/schemas/post.ts';
import {
  createPage,
  listPageDraftLinks,
  revokePageDraftLink,
  sharePageDraftLink,
  trashPage,
  updatePage,
} from '#app/services/pages/pages.server.ts';
import { listCategories } from '#app/services/posts/categories.server.ts';
import { createPost, sharePostDraftLink } from '#app/services/posts/posts.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute } from '#tests/support/route-call.ts';

loadTestEnv({ SITE_URL: 'https://agency.example' });

type Actor = Awaited<ReturnType<typeof makeActor>>;
type Handler = Parameters<typeof callRoute>[0];

const open = (token: string) => callRoute(draftRoute.loader as unknown as Handler, { path: `/draft/${token}`, params: { token } });

describe.each(testDialects)('draft links on $name', (dialect) => {
  let editor: Actor;
  let contributor: Actor;
  let pageId: string;
  beforeAll(async () => {
    await dialect.open();
    editor = await makeActor('editor', 'Eve Editor');
    contributor = await makeActor('contributor', 'Carl');
    const page = pageFormSchema.parse({ title: 'Secret plans', slug: 'secret-plans', content: 'First draft', status: 'draft' });
    const created = await createPage(await makeActor('administrator'), page);
    pageId = created.ok ? created.id : '';
  });
  afterAll(() => dialect.close());

  it('shows the current saved draft to whoever has the link, never cached, never indexed; only the hash is stored', async () => {
    const shared = await sharePageDraftLink(editor, pageId);
    if (!shared.ok) throw new Error('not shared');
    expect(shared.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(shared.expiresAt) - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    const stored = await getDb().selectFrom('draft_links').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(shared.token);
    const answer = await open(shared.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    expect(answer.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect(answer.data).toMatchObject({ kind: 'page', page: { title: 'Secret plans' } });
    // The link follows the saved draft.
    const page = pageFormSchema.parse({ title: 'Secret plans v2', slug: 'secret-plans', content: 'Second draft', status: 'draft' });
    expect((await updatePage(editor, pageId, { ...page, version: 1 })).ok).toBe(true);
    expect((await open(shared.token)).data).toMatchObject({ page: { title: 'Secret plans v2' } });
    expect((await listPageDraftLinks(pageId)).map((link) => link.createdBy)).toContain('Eve Editor');
  });

  it('attack: guessed, malformed, expired and revoked links all answer the same 404', async () => {
    for (const guess of ['', 'a', 'x'.repeat(43), 'A'.repeat(43), '../../admin', `${'B'.repeat(42)}%`])
      expect((await open(guess)).status).toBe(404);
    const expired = await sharePageDraftLink(editor, pageId);
    if (!expired.ok) throw new Error('not shared');
    await getDb()
      .updateTable('draft_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('expires_at', '=', expired.expiresAt)
      .execute();
    expect((await open(expired.token)).status).toBe(404);
    const revoked = await sharePageDraftLink(editor, pageId);
    if (!revoked.ok) throw new Error('not shared');
    const [newest] = await listPageDraftLinks(pageId);
    expect((await revokePageDraftLink(editor, pageId, newest!.id)).ok).toBe(true);
    expect((await open(revoked.token)).status).toBe(404);
    // Expired and revoked links are no longer listed on the item.
    expect((await listPageDraftLinks(pageId)).map((link) => link.id)).not.toContain(newest!.id);
  });

  it('attack: who may not edit the item may not share or revoke its links; a trashed item is no longer shown', async () => {
    expect(await sharePageDraftLink(contributor, pageId)).toMatchObject({ ok: false, reason: 'forbidden' });
    const [link] = await listPageDraftLinks(pageId);
    expect(await revokePageDraftLink(contributor, pageId, link!.id)).toMatchObject({ ok: false, reason: 'forbidden' });
    const shared = await sharePageDraftLink(editor, pageId);
    if (!shared.ok) throw new Error('not shared');
    expect((await trashPage(editor, pageId)).ok).toBe(true);
    expect((await open(shared.token)).status).toBe(404);
  });

  it('a post: its draft as the article shows it', async () => {
    const category = (await listCategories())[0]!.id;
    const created = await createPost(
      contributor,
      postFormSchema.parse({
        title: 'Draft post',
        slug: 'draft-post',
        content: 'Body',
        excerpt: 'Short',
        status: 'draft',
        categories: [category],
      }),
    );
    const id = created.ok ? created.id : '';
    // A contributor may share their own draft.
    const shared = await sharePostDraftLink(contributor, id);
    if (!shared.ok) throw new Error('not shared');
    expect((await open(shared.token)).data).toMatchObject({ kind: 'post', post: { title: 'Draft post', excerpt: 'Short' } });
  });
});
