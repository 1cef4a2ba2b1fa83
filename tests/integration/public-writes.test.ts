import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { landingContentSchema } from '#app/schemas/landing.ts';
import { menuItemSchema } from '#app/schemas/menu.ts';
import { pageFormSchema } from '#app/schemas/page.ts';
import { postFormSchema } from '#app/schemas/post.ts';
import { advancedSettingsSchema, generalSettingsSchema } from '#app/schemas/settings.ts';
import { cacheGeneration } from '#app/services/cache/html-cache.server.ts';
import { getContactSettings, saveContactSettings } from '#app/services/contact/contact-settings.server.ts';
import type { Result } from '#app/services/failures.ts';
import { defaultLanding } from '#app/services/landing/default-landing.ts';
import { getLandingForEdit, publishLandingDraft, saveLanding } from '#app/services/landing/landing-admin.server.ts';
import { deleteMediaAs, updateMedia } from '#app/services/media/media-library.server.ts';
import { createMenuItem, deleteMenuItem, listMenuItems, reorderMenu, updateMenuItem } from '#app/services/menus/menus.server.ts';
import { createPage, deletePage, getPage, restorePage, trashPage, updatePage } from '#app/services/pages/pages.server.ts';
import { addCategory } from '#app/services/posts/categories.server.ts';
import { createPost, deletePost, getPost, restorePost, trashPost, updatePost } from '#app/services/posts/posts.server.ts';
import { clearPublicCache } from '#app/services/public-write.server.ts';
import { getSiteSettings, saveAdvancedSettings, saveSiteSettings } from '#app/services/settings/settings.server.ts';
import { listRevisions, restoreRevision } from '#app/services/themes/theme-history.server.ts';
import { uploadTheme } from '#app/services/themes/theme-upload.server.ts';
import { activateTheme, createThemeFromPreset, deleteTheme, getActiveTheme, saveTheme } from '#app/services/themes/themes.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';

loadTestEnv();

/**
 * Every write that changes what visitors see goes through publicWrite (no /admin middleware clears the cache any
 * more): each one, made by an administrator, succeeds and drops the cached public pages before it answers.
 */
interface Made {
  page: string;
  post: string;
  category: string;
  theme: string;
  menuItem: string;
}

const page = pageFormSchema.parse({ title: 'Seen', slug: 'seen-page', content: 'Body', status: 'published', version: '1' });
const post = (category: string) =>
  postFormSchema.parse({
    title: 'Seen',
    slug: 'seen-post',
    content: 'Body',
    excerpt: 'Excerpt',
    status: 'published',
    categories: [category],
    version: '1',
  });
const menuItem = (title: string) =>
  menuItemSchema.parse({ location: 'footer', title, linkType: 'url', url: '/seen', anchor: '', targetId: '', parentId: '' });
const themeFile = (name: string) => ({ name, bytes: new TextEncoder().encode(JSON.stringify({ settings: { primaryColor: '#123456' } })) });
const landing = (lang: 'en' | 'fr') => landingContentSchema.parse(defaultLanding[lang]);

/** In order: each step may use what an earlier one made. */
const WRITES: [string, (admin: Actor, made: Made) => Promise<Result>][] = [
  [
    'createPage',
    async (admin, made) => {
      const created = await createPage(admin, page);
      if (created.ok) made.page = created.id;
      return created;
    },
  ],
  [
    'updatePage',
    async (admin, made) => updatePage(admin, made.page, { ...page, title: 'Seen again', version: (await getPage(made.page))!.version }),
  ],
  ['trashPage', (admin, made) => trashPage(admin, made.page)],
  ['restorePage', (admin, made) => restorePage(admin, made.page)],
  [
    'deletePage',
    async (admin, made) => ((await trashPage(admin, made.page)).ok ? deletePage(admin, made.page) : { ok: false, reason: 'not-found' }),
  ],
  [
    'addCategory',
    async (admin, made) => {
      const added = await addCategory(admin, 'Seen category');
      if (added.ok) made.category = added.category.id;
      return added;
    },
  ],
  [
    'createPost',
    async (admin, made) => {
      const created = await createPost({ ...admin, name: 'Admin' }, post(made.category));
      if (created.ok) made.post = created.id;
      return created;
    },
  ],
  [
    'updatePost',
    async (admin, made) =>
      updatePost(admin, made.post, { ...post(made.category), title: 'Seen again', version: (await getPost(made.post))!.version }),
  ],
  ['trashPost', (admin, made) => trashPost(admin, made.post)],
  ['restorePost', (admin, made) => restorePost(admin, made.post)],
  [
    'deletePost',
    async (admin, made) => ((await trashPost(admin, made.post)).ok ? deletePost(admin, made.post) : { ok: false, reason: 'not-found' }),
  ],
  [
    'saveLanding (published)',
    async (admin) =>
      saveLanding(admin, { lang: 'en', content: landing('en'), version: (await getLandingForEdit('en')).version, publish: true }),
  ],
  [
    'publishLandingDraft',
    async (admin) => {
      const draft = await saveLanding(admin, {
        lang: 'fr',
        content: landing('fr'),
        version: (await getLandingForEdit('fr')).version,
        publish: false,
      });
      if (!draft.ok) return draft;
      return publishLandingDraft(admin, { lang: 'fr', version: (await getLandingForEdit('fr')).version });
    },
  ],
  [
    'updateMedia',
    async (admin) => {
      const item = await getDb().selectFrom('media').select('id').executeTakeFirstOrThrow();
      return updateMedia(admin, item.id, { title: 'Seen', description: '', alt: 'Seen alt', tags: [] });
    },
  ],
  [
    'deleteMediaAs',
    async (admin) => {
      const item = await getDb().selectFrom('media').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
      return deleteMediaAs(admin, [item.id]);
    },
  ],
  [
    'createThemeFromPreset',
    async (admin, made) => {
      const created = await createThemeFromPreset(admin, { name: 'Seen', preset: 'dark' });
      if (created.ok) made.theme = created.id;
      return created;
    },
  ],
  ['uploadTheme', (admin) => uploadTheme(admin, themeFile('Seen upload.json'))],
  ['activateTheme', (admin, made) => activateTheme(admin, made.theme)],
  [
    'saveTheme',
    async (admin) => {
      const theme = (await getActiveTheme())!;
      return saveTheme(admin, theme.id, {
        name: theme.name,
        version: theme.version,
        settings: { ...theme.settings, primaryColor: '#654321' },
        sections: theme.sections,
      });
    },
  ],
  [
    'restoreRevision',
    async (admin) => {
      const theme = (await getActiveTheme())!;
      const first = (await listRevisions(theme.id)).find((revision) => revision.version === 1)!;
      return restoreRevision(admin, theme.id, first.id, theme.version);
    },
  ],
  ['deleteTheme', (admin, made) => deleteTheme(admin, made.theme)],
  [
    'createMenuItem',
    async (admin, made) => {
      const created = await createMenuItem(admin, menuItem('Seen'));
      if (created.ok) made.menuItem = created.id;
      return created;
    },
  ],
  ['updateMenuItem', (admin, made) => updateMenuItem(admin, made.menuItem, menuItem('Seen again'))],
  [
    'reorderMenu',
    async (admin) => {
      const items = await listMenuItems('footer');
      return reorderMenu(admin, { location: 'footer', order: items.reverse().map((item) => ({ id: item.id, parentId: null })) });
    },
  ],
  ['deleteMenuItem', (admin, made) => deleteMenuItem(admin, made.menuItem)],
  [
    'saveSiteSettings',
    async (admin) => saveSiteSettings(admin, generalSettingsSchema.parse({ ...(await getSiteSettings()), siteName: 'Seen Studio' })),
  ],
  ['saveAdvancedSettings', (admin) => saveAdvancedSettings(admin, advancedSettingsSchema.parse({ cacheTtl: '900' }))],
  ['saveContactSettings', async (admin) => saveContactSettings(admin, { ...(await getContactSettings()), phone: '+33 1 23 45 67 89' })],
  ['clearPublicCache', (admin) => clearPublicCache(admin)],
];

describe.each(testDialects)('writes visitors see clear the public cache on $name', (dialect) => {
  let admin: Actor;
  const made = {} as Made;
  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator', 'publisher');
  });
  afterAll(() => dialect.close());

  it.each(WRITES)('%s', async (_name, write) => {
    const generation = cacheGeneration();
    expect(await write(admin, made)).toMatchObject({ ok: true });
    expect(cacheGeneration()).toBeGreaterThan(generation);
  });

  it('a landing draft, which visitors do not see, leaves the cache alone', async () => {
    const generation = cacheGeneration();
    const version = (await getLandingForEdit('en')).version;
    expect(await saveLanding(admin, { lang: 'en', content: landing('en'), version, publish: false })).toMatchObject({ ok: true });
    expect(cacheGeneration()).toBe(generation);
  });
});
