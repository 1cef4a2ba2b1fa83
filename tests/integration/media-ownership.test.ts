import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { getSessionCookie } from '#app/http/cookies.server.ts';
import { receiveUpload } from '#app/http/receive-upload.server.ts';
import { canManageAllMedia, canManageMediaItem, DEFAULT_ROLES } from '#app/lib/permissions.ts';
import { action, loader } from '#app/routes/admin/media.tsx';
import { createSession } from '#app/services/auth/session-store.server.ts';
import { deleteMediaAs, listMedia, NOT_YOUR_MEDIA, updateMedia } from '#app/services/media/media-library.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { multipartBody, png } from '#tests/support/uploads.ts';

loadTestEnv();

type Actor = Awaited<ReturnType<typeof makeActor>>;

async function uploadAs(actor: Actor, name: string) {
  const { boundary, body } = multipartBody([{ name, type: 'image/png', data: await png(40, 30) }]);
  const [item] = await receiveUpload(body, boundary, 10_000_000, { uploadedBy: actor.id });
  return item!;
}

const edit = (title: string) => ({ title, description: '', alt: title, tags: [] });
const titleOf = async (id: string) => (await getDb().selectFrom('media').select('title').where('id', '=', id).executeTakeFirst())?.title;

/** A POST to the Media Library screen as the signed-in `actor`, as a forged request would send it. */
async function postAs(actor: Actor, fields: [string, string][]) {
  const { token } = await createSession(actor.id);
  const cookie = await getSessionCookie().serialize(token);
  const request = new Request('http://localhost/admin/media', {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const result = await action({ request, params: {}, context: {} } as Parameters<typeof action>[0]);
  return result instanceof Response
    ? { status: result.status, body: null }
    : { status: result.init?.status ?? 200, body: result.data as { error?: string; result?: unknown } };
}

describe('who manages which media item', () => {
  const role = (id: string) => ({ id: 'someone', role: { id, permissions: [...DEFAULT_ROLES.find((r) => r.id === id)!.permissions] } });
  it('is one named rule: those who may publish or manage settings manage all; others with manage_media only their own', () => {
    expect(['administrator', 'editor', 'author', 'contributor'].map((id) => canManageAllMedia(role(id)))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const author = role('author');
    expect(canManageMediaItem(author, { uploadedBy: 'someone' })).toBe(true);
    expect(canManageMediaItem(author, { uploadedBy: 'someone-else' })).toBe(false);
    expect(canManageMediaItem(author, { uploadedBy: null })).toBe(false);
    expect(canManageMediaItem(role('contributor'), { uploadedBy: 'someone' })).toBe(false);
    expect(canManageMediaItem(role('editor'), { uploadedBy: null })).toBe(true);
  });
});

describe.each(testDialects)('media ownership on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('records the uploader; an author changes only their own items, an editor changes all', async () => {
    const alice = await makeActor('author', 'alice');
    const bob = await makeActor('author', 'bob');
    const editor = await makeActor('editor');
    const mine = await uploadAs(alice, 'alice-photo.png');
    const theirs = await uploadAs(bob, 'bob-photo.png');
    const seeded = (await listMedia({ search: 'logo', pageSize: 100 })).items.find((item) => item.uploadedBy === null)!;
    expect(mine.uploadedBy).toBe(alice.id);
    expect(seeded).toBeDefined();

    // Every item, whoever uploaded it, is offered to the author for use (pickers list the whole library).
    const everything = (await listMedia({ pageSize: 1000 })).items.map((item) => item.id);
    expect(everything).toEqual(expect.arrayContaining([mine.id, theirs.id, seeded.id]));

    expect(await updateMedia(alice, mine.id, edit('Alice renamed'))).toEqual({ ok: true });
    expect(await titleOf(mine.id)).toBe('Alice renamed');
    for (const other of [theirs, seeded]) {
      const refused = await updateMedia(alice, other.id, edit('Hijacked'));
      expect(refused).toEqual({ ok: false, reason: 'forbidden', message: NOT_YOUR_MEDIA });
      expect(await titleOf(other.id)).toBe(other.title);
    }
    // A delete naming someone else's item among one's own deletes nothing at all.
    expect(await deleteMediaAs(alice, [mine.id, theirs.id])).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(await deleteMediaAs(alice, [seeded.id])).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(await titleOf(mine.id)).toBe('Alice renamed');
    expect(await titleOf(seeded.id)).toBe(seeded.title);

    await updateMedia(editor, theirs.id, edit('Edited by the editor'));
    expect(await titleOf(theirs.id)).toBe('Edited by the editor');
    expect(await deleteMediaAs(alice, [mine.id])).toEqual({ ok: true, deleted: 1 });
    expect(await deleteMediaAs(editor, [theirs.id])).toEqual({ ok: true, deleted: 1 });
    expect(await titleOf(theirs.id)).toBeUndefined();
  });

  it('refuses a forged edit or delete of another user’s item with 403, and the screen offers actions only on one’s own', async () => {
    const author = await makeActor('author', 'mallory');
    const victim = await makeActor('author', 'victim');
    const own = await uploadAs(author, 'mallory-own.png');
    const target = await uploadAs(victim, 'victim-photo.png');
    const logo = (await listMedia({ pageSize: 1000 })).items.find((item) => item.url === '/media/seed/company-logo.svg')!;

    for (const id of [target.id, logo.id]) {
      const rename = await postAs(author, [
        ['intent', 'update'],
        ['id', id],
        ['title', 'pwned'],
        ['description', ''],
        ['alt', ''],
        ['tags', ''],
      ]);
      expect(rename).toMatchObject({ status: 403, body: { result: { status: 'error', error: { '': [NOT_YOUR_MEDIA] } } } });
      const remove = await postAs(author, [
        ['intent', 'delete'],
        ['ids', id],
      ]);
      expect(remove).toMatchObject({ status: 403, body: { result: { status: 'error', error: { '': [NOT_YOUR_MEDIA] } } } });
    }
    expect(await titleOf(target.id)).toBe(target.title);
    expect(await titleOf(logo.id)).toBe(logo.title);
    expect(
      (
        await postAs(author, [
          ['intent', 'update'],
          ['id', own.id],
          ['title', 'Renamed by me'],
          ['description', ''],
          ['alt', ''],
          ['tags', ''],
        ])
      ).status,
    ).toBe(302);
    expect(await titleOf(own.id)).toBe('Renamed by me');

    const { token } = await createSession(author.id);
    const request = new Request('http://localhost/admin/media?q=victim-photo', {
      headers: { Cookie: await getSessionCookie().serialize(token) },
    });
    const screen = await loader({ request, params: {}, context: {} } as Parameters<typeof loader>[0]);
    expect(screen.items.map((item) => item.id)).toEqual([target.id]);
    expect(screen.manageable).toEqual([]);
    const mineOnScreen = await loader({
      request: new Request('http://localhost/admin/media?q=Renamed%20by%20me', {
        headers: { Cookie: await getSessionCookie().serialize(token) },
      }),
      params: {},
      context: {},
    } as Parameters<typeof loader>[0]);
    expect(mineOnScreen.manageable).toEqual([own.id]);
  });
});
