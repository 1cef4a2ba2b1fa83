import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import * as screen from '#app/routes/admin/redirects/list.tsx';
import { createPage, updatePage } from '#app/services/pages/pages.server.ts';
import { createPost, updatePost } from '#app/services/posts/posts.server.ts';
import { deleteRedirect, findRedirect, listRedirects, saveRedirect } from '#app/services/redirects/redirects.server.ts';
import { redirectsCsv } from '#app/services/redirects/redirects-csv.server.ts';
import { importRedirects } from '#app/services/redirects/redirects-csv.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv({ SITE_URL: 'https://agency.example' });

type Handler = Parameters<typeof callRoute>[0];
type Admin = Awaited<ReturnType<typeof makeActor>>;

async function table() {
  const rows = await getDb()
    .selectFrom('redirects')
    .select(['from_path', 'to_target', 'status_code', 'automatic'])
    .orderBy('from_path')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.from_path, row.to_target]));
}

describe.each(testDialects)('redirects on $name', (dialect) => {
  let admin: Admin;
  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator');
  });
  afterAll(() => dialect.close());

  const save = (from: string, to: string, status: 301 | 302 = 301, id?: string) => saveRedirect(admin, { from, to, status, id });
  const fieldError = (result: Awaited<ReturnType<typeof save>>) =>
    result.ok ? null : result.reason === 'invalid' ? Object.values(result.fieldErrors).flat()[0] : result.message;

  it('stores the path as the request path reads it, audits the write, and serves it from memory at once', async () => {
    const saved = await save('/Old-Services/', '/services?ref=old', 302);
    expect(saved.ok).toBe(true);
    expect(await findRedirect('/old-services')).toMatchObject({ target: '/services?ref=old', status: 302 });
    // Percent-escapes are read as the router reads them.
    expect((await save('/caf%C3%A9', '/menu')).ok).toBe(true);
    expect(await findRedirect('/café')).toMatchObject({ target: '/menu' });
    const audit = await getDb()
      .selectFrom('audit_log')
      .select(['action', 'target_label', 'actor_id'])
      .where('action', 'like', 'redirect.%')
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([{ action: 'redirect.created', target_label: '/old-services → /services?ref=old', actor_id: admin.id }]),
    );
  });

  it('attack: never off-site unless written as a full URL — //host, /\\host, javascript: and bare hosts are refused, nothing stored', async () => {
    const before = await table();
    for (const to of [
      '//evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://files.example',
      'https://user:pw@evil.example/',
      '/ spaced',
      '/tab\there',
    ]) {
      const result = await save('/harmless', to);
      expect(result.ok, to).toBe(false);
      expect(result.ok ? 0 : result.reason, to).toBe('invalid');
    }
    expect(await table()).toEqual(before);
    // Written as a full address, another site is allowed; an escaped slash in a site path stays a path of this site.
    expect((await save('/to-partner', 'https://partner.example/welcome')).ok).toBe(true);
    expect((await save('/escaped', '/%2F%2Fevil.example')).ok).toBe(true);
    expect(await findRedirect('/escaped')).toMatchObject({ target: '/%2F%2Fevil.example' });
  });

  it('refuses paths the site answers itself, live content, duplicates and malformed paths, with a message per field', async () => {
    await createPage(admin, {
      title: 'About Us',
      slug: 'about-us',
      content: 'x',
      status: 'published',
      metaDescription: '',
      metaKeywords: '',
      ogImage: '',
    } as never);
    const refusals: [string, string, RegExp][] = [
      ['/', '/x', /home page/],
      ['/blog', '/x', /blog itself/],
      ['/admin/users', '/x', /answered by the site itself/],
      ['/login', '/x', /answered by the site itself/],
      ['/sitemap.xml', '/x', /answered by the site itself/],
      ['/about-us', '/x', /published page “About Us”/],
      ['/a?b=1', '/x', /no \? or #/],
      ['/a/../admin', '/x', /\. or \.\. segments/],
      ['/a%2Fb', '/x', /escaped slash/],
      ['/%E0%A4%A', '/x', /broken %-escape/],
      ['no-slash', '/x', /starting with one \//],
      ['/old-services', '/elsewhere', /already exists/],
      [`/${'a'.repeat(600)}`, '/x', /at most 500/],
    ];
    for (const [from, to, message] of refusals) {
      const result = await save(from, to);
      expect(fieldError(result), from).toMatch(message);
    }
  });

  it('attack: never loops — self, two-step and longer cycles are refused; chains collapse to one hop', async () => {
    expect(fieldError(await save('/loop-a', '/loop-a/'))).toMatch(/its own path/);
    expect(fieldError(await save('/loop-a', 'https://agency.example/LOOP-A'))).toMatch(/its own path/);
    expect((await save('/loop-a', '/loop-b')).ok).toBe(true);
    expect(fieldError(await save('/loop-b', '/loop-a'))).toMatch(/loop: \/loop-b → \/loop-a → \/loop-b/);
    // A chain: /loop-b → /loop-c makes /loop-a go straight to /loop-c.
    expect((await save('/loop-b', '/loop-c')).ok).toBe(true);
    expect(await table()).toMatchObject({ '/loop-a': '/loop-c', '/loop-b': '/loop-c' });
    // Closing the cycle from the far end, through a full URL of this site too, is refused.
    expect(fieldError(await save('/loop-c', '/loop-a'))).toMatch(/loop/);
    expect(fieldError(await save('/loop-c', 'https://agency.example/loop-b'))).toMatch(/loop/);
    // A new hop in front of the chain points at its end.
    expect((await save('/loop-0', '/loop-a')).ok).toBe(true);
    expect(await findRedirect('/loop-0')).toMatchObject({ target: '/loop-c' });
    // Editing the middle redirect re-points those that led to it.
    const middle = (await listRedirects('/loop-b')).find((row) => row.from_path === '/loop-b')!;
    expect((await save('/loop-b', '/loop-d', 301, middle.id)).ok).toBe(true);
    expect(await table()).toMatchObject({ '/loop-a': '/loop-c', '/loop-b': '/loop-d', '/loop-0': '/loop-c' });
    // Every served target is one hop: no stored target is itself a redirected path.
    const all = await table();
    for (const target of Object.values(all)) expect(all[target.split('?')[0]!], target).toBeUndefined();
  });

  it('a published page’s or post’s slug change adds a 301 from the old path; changing it back never loops; a draft’s does not', async () => {
    const page = await createPage(admin, {
      title: 'Pricing',
      slug: 'pricing',
      content: 'x',
      status: 'published',
      metaDescription: '',
      metaKeywords: '',
      ogImage: '',
    } as never);
    if (!page.ok) throw new Error('page');
    const edit = (slug: string, version: number) =>
      updatePage(admin, page.id, {
        title: 'Pricing',
        slug,
        content: 'x',
        status: 'published',
        metaDescription: '',
        metaKeywords: '',
        ogImage: '',
        version,
      } as never);
    expect((await edit('plans', 1)).ok).toBe(true);
    expect(await findRedirect('/pricing')).toMatchObject({ target: '/plans', status: 301 });
    expect((await edit('offers', 2)).ok).toBe(true);
    expect(await table()).toMatchObject({ '/pricing': '/offers', '/plans': '/offers' });
    // Back to the first slug: the page takes its path back, the others lead to it, nothing loops.
    expect((await edit('pricing', 3)).ok).toBe(true);
    const after = await table();
    expect(after['/pricing']).toBeUndefined();
    expect(after).toMatchObject({ '/plans': '/pricing', '/offers': '/pricing' });
    const automatic = await getDb()
      .selectFrom('redirects')
      .select('automatic')
      .where('from_path', '=', '/offers')
      .executeTakeFirstOrThrow();
    expect(Number(automatic.automatic)).toBe(1);

    const category = (await getDb().selectFrom('categories').select('id').executeTakeFirstOrThrow()).id;
    const post = await createPost(admin, {
      title: 'Launch',
      slug: 'launch',
      content: 'x',
      excerpt: 'x',
      status: 'published',
      categories: [category],
      tags: [],
      metaTitle: '',
      metaDescription: '',
      metaKeywords: '',
      featuredImage: '',
    } as never);
    if (!post.ok) throw new Error(JSON.stringify(post));
    const postEdit = await updatePost(admin, post.id, {
      title: 'Launch',
      slug: 'launch-day',
      content: 'x',
      excerpt: 'x',
      status: 'published',
      categories: [category],
      tags: [],
      metaTitle: '',
      metaDescription: '',
      metaKeywords: '',
      featuredImage: '',
      version: 1,
    } as never);
    expect(postEdit.ok).toBe(true);
    expect(await findRedirect('/blog/launch')).toMatchObject({ target: '/blog/launch-day', status: 301 });

    const draft = await createPage(admin, {
      title: 'Draft',
      slug: 'draft-one',
      content: 'x',
      status: 'draft',
      metaDescription: '',
      metaKeywords: '',
      ogImage: '',
    } as never);
    if (!draft.ok) throw new Error('draft');
    await updatePage(admin, draft.id, {
      title: 'Draft',
      slug: 'draft-two',
      content: 'x',
      status: 'draft',
      metaDescription: '',
      metaKeywords: '',
      ogImage: '',
      version: 1,
    } as never);
    expect(await findRedirect('/draft-one')).toBeNull();
  });

  it('imports and exports CSV: a bad row names its line and changes nothing; an export reads back', async () => {
    const before = await table();
    const bad = await importRedirects(admin, 'From,To,Status\n/csv-1,/target-1,301\n/csv-2,//evil.example,301\n');
    expect(bad.ok ? '' : Object.values(bad.reason === 'invalid' ? bad.fieldErrors : {}).flat()[0]).toMatch(
      /^Line 3: .*would leave the site.*Nothing was imported/,
    );
    expect(await table()).toEqual(before);
    expect(await importRedirects(admin, '/csv-1,/csv-2\n/csv-2,/csv-1\n')).toMatchObject({ ok: false });
    expect(await importRedirects(admin, '/csv-1,/target,307\n')).toMatchObject({ ok: false });
    expect(await importRedirects(admin, '"unclosed,/x\n')).toMatchObject({ ok: false });
    expect(await table()).toEqual(before);

    const good = await importRedirects(
      admin,
      '\uFEFFfrom,to,status\n/csv-1,/target-1,\n"/csv-2","https://partner.example/a,b",302\n/loop-0,/elsewhere,301\n',
    );
    expect(good).toEqual({ ok: true, added: 2, changed: 1 });
    expect(await findRedirect('/csv-2')).toMatchObject({ target: 'https://partner.example/a,b', status: 302 });

    const csv = await redirectsCsv();
    expect(csv.split('\r\n')[0]).toBe('\uFEFF"From","To","Status","Hits","Last hit (UTC)"');
    expect(csv).toContain('"/csv-2","https://partner.example/a,b","302","0",""');
    const count = Object.keys(await table()).length;
    expect(await importRedirects(admin, csv)).toEqual({ ok: true, added: 0, changed: count });
    expect(Object.keys(await table())).toHaveLength(count);
  });

  it('the screen is for manage_settings only; its actions answer bad input with 400, never 500', async () => {
    const editor = await makeActor('editor');
    const refused = await callRoute(screen.loader as unknown as Handler, {
      path: '/admin/settings/redirects',
      cookie: await sessionCookieFor(editor.id),
    });
    expect(refused.status).toBe(403);
    const cookie = await sessionCookieFor(admin.id);
    const post = (form: Record<string, string>) =>
      callRoute(screen.action as unknown as Handler, { path: '/admin/settings/redirects', cookie, form });
    expect((await post({ intent: 'save', from: '/x', to: '//evil', status: '301' })).status).toBe(400);
    expect((await post({ intent: 'save', from: '/x', to: '/y', status: '307' })).status).toBe(400);
    expect((await post({ intent: 'delete', id: 'no-such' })).status).toBe(404);
    expect((await post({ intent: 'import' })).status).toBe(400);
    const made = await post({ intent: 'save', from: '/from-screen', to: '/to-screen', status: '301' });
    expect(made.status).toBe(302);
    const row = (await listRedirects('/from-screen'))[0]!;
    expect((await deleteRedirect(admin, row.id)).ok).toBe(true);
    expect(await findRedirect('/from-screen')).toBeNull();
  });
});
