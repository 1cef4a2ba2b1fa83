import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { menuTitle } from '#app/components/site/menu-links.ts';
import { getDb } from '#app/db/client.server.ts';
import { knownMigrations, migrateToLatest } from '#app/db/migrate.server.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { action as menuAction } from '#app/routes/admin/menu.tsx';
import { menuItemSchema } from '#app/schemas/menu.ts';
import { cacheGeneration } from '#app/services/cache/html-cache.server.ts';
import { searchMenuTargets } from '#app/services/menus/menu-targets.server.ts';
import { createMenuItem, deleteMenuItem, listMenuItems, reorderMenu, updateMenuItem } from '#app/services/menus/menus.server.ts';
import { getPublicMenus } from '#app/services/menus/public-menus.server.ts';
import { actorAs, makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

/** The dialog's fields as the form posts them. */
const form = (overrides: Record<string, string>) => ({
  location: 'header',
  title: 'Link',
  linkType: 'url',
  targetId: '',
  anchor: '',
  url: '',
  parentId: '',
  ...overrides,
});
/** An item as the route hands it to the service, after `menuItemSchema`. */
const item = (overrides: Record<string, string>) => menuItemSchema.parse(form(overrides));

describe.each(testDialects)('menus on $name', (dialect) => {
  let actor: Actor;
  let cookie: string;
  /** Posts to the menu screen's action as a signed-in administrator. */
  const post = (fields: Record<string, string>) =>
    callRoute(menuAction as unknown as Parameters<typeof callRoute>[0], { path: '/admin/menu', cookie, form: fields });
  beforeAll(async () => {
    await dialect.open();
    actor = actorAs('administrator', { id: 'menu-tester' });
    cookie = await sessionCookieFor((await makeActor('administrator', 'menu-admin')).id);
  });
  afterAll(() => dialect.close());

  it('seeds the header with the landing sections and the blog, and the footer with the three legal pages', async () => {
    const header = await listMenuItems('header');
    expect(header.map((i) => [i.title, i.titles.fr, i.linkType, i.path, i.order])).toEqual([
      ['Home', 'Accueil', 'anchor', '#home', 0],
      ['About', 'À propos', 'anchor', '#about', 1],
      ['Services', 'Services', 'anchor', '#services', 2],
      ['Blog', 'Blog', 'url', '/blog', 3],
      ['Contact', 'Contact', 'anchor', '#contact', 4],
    ]);
    const footer = await listMenuItems('footer');
    expect(footer.map((i) => [i.title, i.linkType, i.path, i.visible])).toEqual([
      ['Privacy Policy', 'page', '/privacy-policy', true],
      ['Terms of Service', 'page', '/terms-of-service', true],
      ['Cookie Policy', 'page', '/cookie-policy', true],
    ]);
  });

  it('refuses unsafe URLs, deeper trees and oversized menus with a message, and changes nothing', async () => {
    const before = cacheGeneration();
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>',
      '//evil.example',
      '\\\\evil.example',
      'ftp://x.example',
      ' /x y',
      'vbscript:x',
      'http://',
    ]) {
      const result = await post({ intent: 'create', ...form({ url }) });
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({ ok: false, result: { error: { url: [expect.stringMatching(/site path/)] } } });
    }
    expect((await post({ intent: 'create', ...form({ title: '  ', url: '/x' }) })).data).toMatchObject({
      ok: false,
      result: { error: { title: ['Title is required'] } },
    });
    expect((await post({ intent: 'create', ...form({ linkType: 'anchor', anchor: 'pricing' }) })).data).toMatchObject({
      ok: false,
      result: { error: { anchor: [expect.any(String)] } },
    });
    const missingPage = await post({ intent: 'create', ...form({ linkType: 'page', targetId: 'nope' }) });
    expect(missingPage.status).toBe(400);
    expect(missingPage.data).toMatchObject({ ok: false, result: { error: { targetId: [expect.any(String)] } } });
    expect(await createMenuItem(actor, item({ linkType: 'page', targetId: 'nope' }))).toMatchObject({
      ok: false,
      fieldErrors: { targetId: [expect.any(String)] },
    });
    expect(await post({ intent: 'create', ...form({ location: 'sidebar', url: '/x' }) })).toMatchObject({
      status: 400,
      data: { ok: false },
    });
    const longTitle = await post({ intent: 'create', ...form({ url: '/x', 'titles.fr': 'x'.repeat(81) }) });
    expect(longTitle.status).toBe(400);
    expect(longTitle.data).toMatchObject({ ok: false, result: { error: { 'titles.fr': ['Title must be at most 80 characters.'] } } });
    expect(cacheGeneration()).toBe(before);
    expect(await listMenuItems('header')).toHaveLength(5);

    for (const url of ['https://example.com/a?b=c#d', 'mailto:hello@example.com', 'tel:+33184601234', '/blog']) {
      const created = await createMenuItem(actor, item({ location: 'footer', title: url, url }));
      expect(created.ok).toBe(true);
      if (created.ok) expect((await deleteMenuItem(actor, created.id)).ok).toBe(true);
    }

    // One level of nesting: a child of a child is refused, so is a parent becoming a child.
    const header = await listMenuItems('header');
    const services = header.find((i) => i.title === 'Services')!;
    const child = await createMenuItem(actor, item({ title: 'Web', url: '/services/web', parentId: services.id }));
    expect(child.ok).toBe(true);
    if (!child.ok) return;
    expect(await createMenuItem(actor, item({ title: 'Deep', url: '/deep', parentId: child.id }))).toMatchObject({
      ok: false,
      fieldErrors: { parentId: [expect.stringMatching(/one level/)] },
    });
    expect(
      await updateMenuItem(
        actor,
        services.id,
        item({ title: 'Services', linkType: 'anchor', anchor: 'services', parentId: header[0]!.id }),
      ),
    ).toMatchObject({
      ok: false,
      fieldErrors: { parentId: [expect.stringMatching(/nested under it/)] },
    });
    expect(
      await post({ intent: 'create', ...form({ location: 'footer', title: 'Nested', url: '/x', parentId: services.id }) }),
    ).toMatchObject({
      status: 400,
      data: { ok: false, result: { error: { parentId: ['Only header items can be nested.'] } } },
    });
    const tree = (await listMenuItems('header')).map((i) => ({ id: i.id, parentId: i.parentId }));
    const deeper = tree.map((i) => (i.id === child.id ? i : i.id === services.id ? { ...i, parentId: header[0]!.id } : i));
    expect(await reorderMenu(actor, { location: 'header', order: deeper })).toMatchObject({
      ok: false,
      formErrors: [expect.stringMatching(/one level/)],
    });
    expect(await reorderMenu(actor, { location: 'header', order: tree.slice(1) })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await reorderMenu(actor, { location: 'header', order: [...tree, tree[0]!] })).toMatchObject({ ok: false, reason: 'invalid' });
    const huge = Array.from({ length: 51 }, (_, i) => ({ id: `x${i}`, parentId: null }));
    expect(await post({ intent: 'reorder', location: 'header', order: JSON.stringify(huge) })).toMatchObject({
      status: 400,
      data: { ok: false, formErrors: [expect.stringMatching(/at most 50/)] },
    });
    expect(await post({ intent: 'reorder', location: 'header', order: 'nope' })).toMatchObject({ status: 400, data: { ok: false } });

    const publicHeader = (await getPublicMenus()).header;
    expect(publicHeader.find((i) => i.title === 'Services')!.children.map((c) => c.href)).toEqual(['/services/web']);
    expect((await deleteMenuItem(actor, child.id)).ok).toBe(true);
  });

  it('reorders a whole location to 0..n-1 in one write and clears the public cache', async () => {
    const header = await listMenuItems('header');
    const services = header.find((i) => i.title === 'Services')!;
    const order = [services, ...header.filter((i) => i.id !== services.id)].map((i) => ({ id: i.id, parentId: null }));
    const before = cacheGeneration();
    expect(await reorderMenu(actor, { location: 'header', order })).toEqual({ ok: true });
    expect(cacheGeneration()).toBeGreaterThan(before);
    const after = await listMenuItems('header');
    expect(after.map((i) => [i.title, i.order])).toEqual([
      ['Services', 0],
      ['Home', 1],
      ['About', 2],
      ['Blog', 3],
      ['Contact', 4],
    ]);
    expect((await getPublicMenus()).header.map((i) => i.title)).toEqual(['Services', 'Home', 'About', 'Blog', 'Contact']);
  });

  it('page and post links follow the slug and are hidden while the target is unpublished; French falls back to English', async () => {
    const db = getDb();
    const [post] = await searchMenuTargets('post', 'getting');
    expect(post).toBeDefined();
    const created = await createMenuItem(actor, item({ location: 'footer', title: 'Guide', linkType: 'post', targetId: post!.id }));
    expect(created.ok).toBe(true);
    await db.updateTable('blog_posts').set({ slug: 'a-new-slug' }).where('id', '=', post!.id).execute();
    let footer = (await getPublicMenus()).footer;
    const guide = footer.find((i) => i.title === 'Guide')!;
    expect(guide).toMatchObject({ href: '/blog/a-new-slug', titles: {}, kind: 'link' });
    expect(menuTitle(guide, 'fr')).toBe('Guide');
    expect(footer.find((i) => i.title === 'Privacy Policy')).toMatchObject({
      titles: { fr: 'Politique de confidentialité' },
      href: '/privacy-policy',
    });

    await db.updateTable('pages').set({ status: 'draft' }).where('slug', '=', 'cookie-policy').execute();
    footer = (await getPublicMenus()).footer;
    expect(footer.map((i) => i.title)).toEqual(['Privacy Policy', 'Terms of Service', 'Guide']);
    expect((await listMenuItems('footer')).find((i) => i.title === 'Cookie Policy')!.visible).toBe(false);
    await db.updateTable('pages').set({ status: 'published' }).where('slug', '=', 'cookie-policy').execute();

    const pages = await searchMenuTargets('page', 'POLICY');
    expect(pages.map((p) => p.path).sort()).toEqual(['/cookie-policy', '/privacy-policy']);
  });

  it('page and post links lead to each language’s own translation, in its own slug, and to the fallback where none is published', async () => {
    const db = getDb();
    const about = await db
      .selectFrom('pages')
      .select(['id'])
      .where('slug', '=', 'about')
      .where('language', '=', 'en')
      .executeTakeFirstOrThrow();
    // The starter article (its English slug was changed above); the link may be made to its French row: the same item.
    const french = await db
      .selectFrom('blog_posts')
      .select(['id', 'translation_group'])
      .where('slug', '=', 'premiers-pas-en-developpement-web')
      .executeTakeFirstOrThrow();
    for (const [title, linkType, targetId] of [
      ['About us', 'page', about.id],
      ['First steps', 'post', french.id],
      ['Cookies', 'page', (await db.selectFrom('pages').select('id').where('slug', '=', 'cookie-policy').executeTakeFirstOrThrow()).id],
    ] as const)
      expect((await createMenuItem(actor, item({ location: 'footer', title, linkType, targetId }))).ok).toBe(true);

    let header = (await getPublicMenus()).footer;
    expect(header.find((i) => i.title === 'About us')).toMatchObject({ href: '/about', hrefs: { en: '/about', fr: '/a-propos' } });
    expect(header.find((i) => i.title === 'First steps')).toMatchObject({
      hrefs: { en: '/blog/a-new-slug', fr: '/blog/premiers-pas-en-developpement-web' },
    });
    // No French translation: the French visitor follows the English slug, to the page with the notice.
    expect(header.find((i) => i.title === 'Cookies')!.hrefs).toEqual({ en: '/cookie-policy' });

    // A French slug change is followed at once; an unpublished translation is not linked to.
    await db.updateTable('pages').set({ slug: 'qui-sommes-nous' }).where('slug', '=', 'a-propos').execute();
    await db.updateTable('blog_posts').set({ status: 'draft' }).where('id', '=', french.id).execute();
    header = (await getPublicMenus()).footer;
    expect(header.find((i) => i.title === 'About us')!.hrefs).toEqual({ en: '/about', fr: '/qui-sommes-nous' });
    // The link's target (the French row) is a draft: the item is hidden like any unpublished target.
    expect(header.find((i) => i.title === 'First steps')).toBeUndefined();
    await db.updateTable('pages').set({ slug: 'a-propos' }).where('slug', '=', 'qui-sommes-nous').execute();
    await db.updateTable('blog_posts').set({ status: 'published' }).where('id', '=', french.id).execute();
    await db.deleteFrom('menu_items').where('title', 'in', ['About us', 'First steps', 'Cookies']).execute();
  });

  it('keeps a title per language from the dialog; a language left empty shows the default title', async () => {
    const created = await post({ intent: 'create', ...form({ location: 'footer', title: 'Shop', 'titles.fr': 'Boutique', url: '/shop' }) });
    expect(created.data).toMatchObject({ ok: true });
    const shop = (await getPublicMenus()).footer.find((i) => i.title === 'Shop')!;
    expect([menuTitle(shop, 'en'), menuTitle(shop, 'fr')]).toEqual(['Shop', 'Boutique']);
    const stored = (await listMenuItems('footer')).find((i) => i.title === 'Shop')!;
    expect(stored.titles).toEqual({ fr: 'Boutique' });
    const updated = await post({
      intent: 'update',
      ...form({ location: 'footer', title: 'Shop', url: '/shop' }),
      id: stored.id,
      version: stored.version,
    });
    expect(updated.data).toMatchObject({ ok: true });
    const cleared = (await getPublicMenus()).footer.find((i) => i.title === 'Shop')!;
    expect(menuTitle(cleared, 'fr')).toBe('Shop');
    await deleteMenuItem(actor, stored.id);
  });

  it('deleting a parent moves its children to the top level', async () => {
    const header = await listMenuItems('header');
    const parent = header.find((i) => i.title === 'Blog')!;
    const child = await createMenuItem(actor, item({ title: 'RSS', url: '/rss.xml', parentId: parent.id }));
    expect(child.ok).toBe(true);
    expect((await deleteMenuItem(actor, parent.id)).ok).toBe(true);
    const after = await listMenuItems('header');
    expect(after.map((i) => [i.title, i.parentId, i.order])).toEqual([
      ['Services', null, 0],
      ['Home', null, 1],
      ['About', null, 2],
      ['RSS', null, 3],
      ['Contact', null, 4],
    ]);
    expect(await deleteMenuItem(actor, parent.id)).toMatchObject({ ok: false, reason: 'not-found' });
  });
});

describe.each(testDialects)('menu titles per language on $name (migration 0250)', (dialect) => {
  afterAll(() => dialect.close());

  it('moves every French title into the titles of a database made before it', async () => {
    await dialect.open({ migrations: knownMigrations().filter((name) => name < '0250') });
    const db = getDb();
    await sql`insert into menu_items (id, title, title_fr, path, link_type, location, sort_order)
      values ('m1', 'Home', 'Accueil', '#home', 'anchor', 'header', 0), ('m2', 'Blog', '', '/blog', 'url', 'header', 1)`.execute(db);
    await migrateToLatest(db);
    const items = await listMenuItems('header');
    expect(items.map((i) => [i.id, i.title, i.titles])).toEqual([
      ['m1', 'Home', { fr: 'Accueil' }],
      ['m2', 'Blog', {}],
    ]);
    const columns = await sql<{ title_fr?: string }>`select * from menu_items where id = 'm1'`.execute(db);
    expect(columns.rows[0]).not.toHaveProperty('title_fr');
  });
});
