import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { action as contentAction, loader as contentLoader } from '#app/routes/admin/content.tsx';
import type { LandingContent } from '#app/schemas/landing.ts';
import { cacheGeneration } from '#app/services/cache/html-cache.server.ts';
import { getLandingContent } from '#app/services/landing/landing.server.ts';
import { getLandingForEdit, saveLanding } from '#app/services/landing/landing-admin.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

type Handler = Parameters<typeof callRoute>[0];

/** A value as the Content form posts it: one field per leaf, named as Conform names them. */
function formFields(value: unknown, prefix = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => formFields(item, `${prefix}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => formFields(item, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, String(value)]];
}

const withTitle = (content: LandingContent, title: string): LandingContent => ({ ...content, hero: { ...content.hero, title } });

describe.each(testDialects)('landing drafts and publishing on $name', (dialect) => {
  let writer: { id: string; name: string; role: { id: string; permissions: string[] } };
  let writerCookie: string;
  let publisherCookie: string;
  /** The Content form as posted by a user: the copy, its language, the version it was opened on and the button. */
  const post = (cookie: string, fields: Record<string, string>, content?: LandingContent) =>
    callRoute(contentAction as unknown as Handler, {
      path: '/admin/content?lang=en',
      cookie,
      form: Object.fromEntries([['lang', 'en'], ...Object.entries(fields), ...(content ? formFields(content) : [])]),
    });
  const openAs = async (cookie: string) =>
    (await callRoute(contentLoader as unknown as Handler, { path: '/admin/content?lang=en', cookie })).data as Awaited<
      ReturnType<typeof contentLoader>
    >;

  beforeAll(async () => {
    await dialect.open();
    const now = new Date().toISOString();
    // Edits pages and the landing copy, but may not publish.
    const permissions = ['access_admin', 'manage_pages'];
    await getDb()
      .insertInto('roles')
      .values({
        id: 'page_writer',
        name: 'Page writer',
        description: '',
        permissions: JSON.stringify(permissions),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const id = await createUser({ email: 'writer@example.com', name: 'Wanda Writer', password: null, roleId: 'page_writer' });
    writer = { id, name: 'Wanda Writer', role: { id: 'page_writer', permissions } };
    writerCookie = await sessionCookieFor(id);
    publisherCookie = await sessionCookieFor((await makeActor('editor', 'Pat Publisher')).id);
  });
  afterAll(() => dialect.close());

  it('refuses to publish the landing copy for a user without publish_pages: a forged Save Changes is 403 and changes nothing', async () => {
    const before = await getLandingContent('en');
    const generation = cacheGeneration();
    const { version } = await getLandingForEdit('en');
    const forged = await post(writerCookie, { intent: 'save', version: String(version) }, withTitle(before, 'Defaced by a writer'));
    expect(forged.status).toBe(403);
    // The same copy without a button name, as an older form would post it: kept as a draft, never published.
    const plain = await post(writerCookie, { version: String(version) }, withTitle(before, 'Defaced by a writer'));
    expect(plain.status).toBe(302);
    expect(await getLandingContent('en')).toEqual(before);
    expect(cacheGeneration()).toBe(generation);
    expect(await saveLanding(writer, { lang: 'en', content: before, version: version + 1, publish: true })).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    const publish = await post(writerCookie, { intent: 'publish', version: String(version + 1) });
    expect(publish.status).toBe(403);
    expect(await getLandingContent('en')).toEqual(before);
    // Tidy up for the next test: the publisher discards the writer's draft.
    expect((await post(publisherCookie, { intent: 'discard', version: String(version + 1) })).status).toBe(302);
  });

  it('keeps a writer’s save as a draft, invisible to visitors, until a publisher publishes it', async () => {
    const published = await getLandingContent('en');
    const generation = cacheGeneration();
    const opened = await openAs(writerCookie);
    expect(opened).toMatchObject({ mayPublish: false, draft: null });
    const saved = await post(writerCookie, { intent: 'draft', version: String(opened.version) }, withTitle(published, 'Draft title'));
    expect(saved).toMatchObject({ status: 302, location: '/admin/content?lang=en' });
    expect(await getLandingContent('en')).toEqual(published);
    expect(cacheGeneration()).toBe(generation);

    const seen = await openAs(publisherCookie);
    expect(seen).toMatchObject({ mayPublish: true, version: opened.version + 1, draft: { savedBy: 'Wanda Writer' } });
    expect(seen.content.hero.title).toBe('Draft title');
    const live = await post(publisherCookie, { intent: 'publish', version: String(seen.version) });
    expect(live.status).toBe(302);
    expect((await getLandingContent('en')).hero.title).toBe('Draft title');
    expect(cacheGeneration()).toBeGreaterThan(generation);
    expect((await getLandingForEdit('en')).draft).toBeNull();
    const audit = await getDb()
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id'])
      .where('target_type', '=', 'landing')
      .execute();
    expect(audit).toContainEqual({ action: 'content.published', target_type: 'landing', target_id: 'en' });
  });

  it('keeps a revision of every save with the fields it changed, and refuses a stale save instead of overwriting', async () => {
    const start = await getLandingForEdit('en');
    const first = await post(publisherCookie, { intent: 'save', version: String(start.version) }, withTitle(start.content, 'Saved first'));
    expect(first.status).toBe(302);
    // A second person opened the screen at the same version and saves after the first: told, not overwriting.
    const second = await post(writerCookie, { intent: 'draft', version: String(start.version) }, withTitle(start.content, 'Saved second'));
    expect(second.status).toBe(409);
    expect(JSON.stringify(second.data)).toContain('changed by someone else');
    expect((await getLandingContent('en')).hero.title).toBe('Saved first');
    expect((await getLandingForEdit('en')).draft).toBeNull();

    const revisions = await getDb()
      .selectFrom('revisions')
      .select(['version', 'published', 'changed_fields', 'saved_by', 'state'])
      .where('item_kind', '=', 'landing')
      .where('item_id', '=', 'en')
      .orderBy('version')
      .execute();
    expect(revisions.map((revision) => [revision.version, revision.published])).toEqual([
      [1, 1],
      [2, 0],
      [4, 0],
      [5, 1],
      [6, 1],
    ]);
    const last = revisions.at(-1)!;
    expect(JSON.parse(last.changed_fields)).toEqual(['hero.title']);
    expect(JSON.parse(last.state).hero.title).toBe('Saved first');
    expect(revisions[2]!.saved_by).toBe(writer.id);
  });

  it('lets two racing saves at one version store exactly one', async () => {
    const { version, content } = await getLandingForEdit('en');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        saveLanding(writer, { lang: 'en', content: withTitle(content, `Racer ${i}`), version, publish: false }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.reason === 'conflict')).toBe(true);
    expect((await getLandingForEdit('en')).version).toBe(version + 1);
  });
});
