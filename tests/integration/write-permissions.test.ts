import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { type Actor, type Permission, PERMISSIONS } from '#app/lib/permissions.ts';
import { THEME_PRESETS } from '#app/lib/theme/presets.ts';
import { completeTheme } from '#app/lib/theme/schema.ts';
import { landingContentSchema } from '#app/schemas/landing.ts';
import { menuItemSchema } from '#app/schemas/menu.ts';
import { pageFormSchema } from '#app/schemas/page.ts';
import { postFormSchema } from '#app/schemas/post.ts';
import { advancedSettingsSchema, emailSettingsSchema, generalSettingsSchema } from '#app/schemas/settings.ts';
import { saveTwoFactorPolicy } from '#app/services/auth/two-factor-policy.server.ts';
import { saveBackupSettings } from '#app/services/backup/backup-schedule.server.ts';
import { cacheGeneration } from '#app/services/cache/html-cache.server.ts';
import { eraseCommentsByEmail } from '#app/services/comments/comment-privacy.server.ts';
import { saveCommentSettings } from '#app/services/comments/comment-settings.server.ts';
import { editComment, moderateComments, replyAsStaff } from '#app/services/comments/moderate-comments.server.ts';
import { getContactSettings, saveContactSettings } from '#app/services/contact/contact-settings.server.ts';
import type { Result } from '#app/services/failures.ts';
import { importAfterDryRun, startWordPressImport } from '#app/services/import/import-runs.server.ts';
import { defaultLanding } from '#app/services/landing/default-landing.ts';
import { discardLandingDraft, publishLandingDraft, saveLanding } from '#app/services/landing/landing-admin.server.ts';
import { deleteMediaAs, updateMedia } from '#app/services/media/media-library.server.ts';
import { createMenuItem, deleteMenuItem, listMenuItems, reorderMenu, updateMenuItem } from '#app/services/menus/menus.server.ts';
import { retryMessageNotification } from '#app/services/messages/message-mail.server.ts';
import { applyMessageAction } from '#app/services/messages/messages.server.ts';
import {
  confirmPageTranslation,
  createPage,
  deletePage,
  restorePage,
  revokePageDraftLink,
  setPageStatus,
  sharePageDraftLink,
  translatePage,
  trashPage,
  unschedulePage,
  updatePage,
} from '#app/services/pages/pages.server.ts';
import { createResetLink } from '#app/services/password-reset/admin-reset-link.server.ts';
import { addCategory, nameCategory } from '#app/services/posts/categories.server.ts';
import {
  confirmPostTranslation,
  createPost,
  deletePost,
  restorePost,
  revokePostDraftLink,
  setPostStatus,
  sharePostDraftLink,
  translatePost,
  trashPost,
  unschedulePost,
  updatePost,
} from '#app/services/posts/posts.server.ts';
import { clearPublicCache } from '#app/services/public-write.server.ts';
import { deleteRedirect, saveRedirect } from '#app/services/redirects/redirects.server.ts';
import { importRedirects } from '#app/services/redirects/redirects-csv.server.ts';
import { discardAutosave, saveAutosave } from '#app/services/revisions/autosave.server.ts';
import { heartbeat, leaveItem, takeOver } from '#app/services/revisions/presence.server.ts';
import { saveCodeInjection } from '#app/services/settings/code-injection.server.ts';
import { getSiteSettings, saveAdvancedSettings, saveEmailSettings, saveSiteSettings } from '#app/services/settings/settings.server.ts';
import { writeSettings } from '#app/services/settings/settings-store.server.ts';
import { clearThemeDraft, saveThemeDraft } from '#app/services/themes/theme-drafts.server.ts';
import { restoreRevision } from '#app/services/themes/theme-history.server.ts';
import { uploadTheme } from '#app/services/themes/theme-upload.server.ts';
import { activateTheme, createThemeFromPreset, deleteTheme, getTheme, insertTheme, saveTheme } from '#app/services/themes/themes.server.ts';
import { renewInvitation, revokeInvitation } from '#app/services/users/invitations.server.ts';
import { createRole, deleteRole, updateRole } from '#app/services/users/roles.server.ts';
import { resetTwoFactor } from '#app/services/users/two-factor-reset.server.ts';
import { createInvitedUser, deleteUser, updateUser } from '#app/services/users/users.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';

loadTestEnv();

/**
 * Every write service checks its own permission on its actor (its first argument), whatever the route checked: called
 * by someone who holds every permission but the ones the write needs, each is refused (forbidden), writes nothing,
 * records nothing and leaves the public pages cached.
 */
interface Ids {
  page: string;
  post: string;
  media: string;
  menuItem: string;
  message: string;
  user: string;
  category: string;
  comment: string;
}

/** Holds every permission except `missing` (an id of its own, so no self-rule answers in place of the permission). */
const lacking = (missing: readonly Permission[]): Actor => ({
  id: 'write-permissions-tester',
  name: 'Tester',
  role: { id: 'almost-everything', permissions: PERMISSIONS.filter((permission) => !missing.includes(permission)) },
});

const page = pageFormSchema.parse({ title: 'Refused', slug: 'refused-page', content: 'Body', status: 'published', version: '1' });
const post = (category: string) =>
  postFormSchema.parse({
    title: 'Refused',
    slug: 'refused-post',
    content: 'Body',
    excerpt: 'Excerpt',
    status: 'published',
    categories: [category],
    version: '1',
  });
const menuItem = menuItemSchema.parse({
  location: 'footer',
  title: 'Refused',
  linkType: 'url',
  url: '/refused',
  anchor: '',
  targetId: '',
  parentId: '',
});
const userForm = { name: 'Refused', email: 'refused@example.com', role: 'contributor', status: 'active' as const };
const roleForm = { name: 'Refused role', description: '', permissions: ['access_admin' as const] };

/** Each write service, the permissions whose absence refuses it, and a call that would otherwise succeed or fail otherwise. */
const WRITES: [string, readonly Permission[], (actor: Actor, ids: Ids) => Promise<Result | void>][] = [
  // Content (the editorial core).
  ['createPage', ['manage_pages'], (actor) => createPage(actor, page)],
  ['updatePage', ['manage_pages'], (actor, ids) => updatePage(actor, ids.page, { ...page, version: 1 })],
  ['trashPage', ['manage_pages'], (actor, ids) => trashPage(actor, ids.page)],
  ['restorePage', ['manage_pages'], (actor, ids) => restorePage(actor, ids.page)],
  ['deletePage', ['delete_pages'], (actor, ids) => deletePage(actor, ids.page)],
  ['setPageStatus', ['manage_pages'], (actor, ids) => setPageStatus(actor, ids.page, 'draft')],
  ['createPost', ['access_admin'], (actor, ids) => createPost({ ...actor, name: 'Tester' }, post(ids.category))],
  ['updatePost', ['access_admin'], (actor, ids) => updatePost(actor, ids.post, { ...post(ids.category), version: 1 })],
  ['trashPost', ['manage_posts', 'publish_posts'], (actor, ids) => trashPost(actor, ids.post)],
  ['restorePost', ['manage_posts', 'publish_posts'], (actor, ids) => restorePost(actor, ids.post)],
  ['deletePost', ['delete_posts'], (actor, ids) => deletePost(actor, ids.post)],
  ['setPostStatus', ['publish_posts'], (actor, ids) => setPostStatus(actor, ids.post, 'draft')],
  ['addCategory', ['manage_posts', 'publish_posts'], (actor) => addCategory(actor, 'Refused category')],
  [
    'nameCategory',
    ['manage_posts', 'publish_posts'],
    (actor, ids) => nameCategory(actor, { id: ids.category, language: 'fr', name: 'Refusée' }),
  ],
  ['unschedulePage', ['manage_pages'], (actor, ids) => unschedulePage(actor, ids.page, 1)],
  ['unschedulePost', ['access_admin'], (actor, ids) => unschedulePost(actor, ids.post, 1)],
  ['sharePageDraftLink', ['manage_pages'], (actor, ids) => sharePageDraftLink(actor, ids.page)],
  ['revokePageDraftLink', ['manage_pages'], (actor, ids) => revokePageDraftLink(actor, ids.page, 'none')],
  ['sharePostDraftLink', ['access_admin'], (actor, ids) => sharePostDraftLink(actor, ids.post)],
  ['revokePostDraftLink', ['access_admin'], (actor, ids) => revokePostDraftLink(actor, ids.post, 'none')],
  ['translatePage', ['manage_pages'], (actor, ids) => translatePage(actor, ids.page, 'fr')],
  ['confirmPageTranslation', ['manage_pages'], (actor, ids) => confirmPageTranslation(actor, ids.page)],
  ['translatePost', ['access_admin'], (actor, ids) => translatePost(actor, ids.post, 'fr')],
  ['confirmPostTranslation', ['access_admin'], (actor, ids) => confirmPostTranslation(actor, ids.post)],
  // Landing content.
  [
    'saveLanding',
    ['manage_pages'],
    (actor) => saveLanding(actor, { lang: 'en', content: landingContentSchema.parse(defaultLanding.en), version: 1, publish: false }),
  ],
  ['publishLandingDraft', ['publish_pages'], (actor) => publishLandingDraft(actor, { lang: 'en', version: 1 })],
  ['discardLandingDraft', ['manage_pages'], (actor) => discardLandingDraft(actor, { lang: 'en', version: 1 })],
  // Media.
  [
    'updateMedia',
    ['manage_media'],
    (actor, ids) => updateMedia(actor, ids.media, { title: 'Refused', description: '', alt: '', tags: [] }),
  ],
  ['deleteMediaAs', ['manage_media'], (actor, ids) => deleteMediaAs(actor, [ids.media])],
  // Themes.
  ['createThemeFromPreset', ['manage_settings'], (actor) => createThemeFromPreset(actor, { name: 'Refused', preset: 'dark' })],
  [
    'uploadTheme',
    ['manage_settings'],
    (actor) =>
      uploadTheme(actor, { name: 'Refused.json', bytes: new TextEncoder().encode(JSON.stringify({ settings: THEME_PRESETS.dark })) }),
  ],
  ['activateTheme', ['manage_settings'], (actor) => activateTheme(actor, 'modern-dark')],
  ['deleteTheme', ['manage_settings'], (actor) => deleteTheme(actor, 'modern-dark')],
  [
    'saveTheme',
    ['manage_settings'],
    async (actor) => {
      const theme = (await getTheme('default'))!;
      return saveTheme(actor, theme.id, { name: 'Refused', version: theme.version, settings: theme.settings, sections: theme.sections });
    },
  ],
  ['restoreRevision', ['manage_settings'], (actor) => restoreRevision(actor, 'default', 'any', 1)],
  [
    'insertTheme',
    ['manage_settings'],
    (actor) => insertTheme(actor, { name: 'Refused', description: '', content: completeTheme({}, THEME_PRESETS.dark) }),
  ],
  ['clearThemeDraft', ['manage_settings'], (actor) => clearThemeDraft(actor)],
  [
    'saveThemeDraft',
    ['manage_settings'],
    async (actor) => {
      const theme = (await getTheme('default'))!;
      return saveThemeDraft(actor, { themeId: theme.id, name: 'Refused', settings: theme.settings, sections: theme.sections });
    },
  ],
  // Menus.
  ['createMenuItem', ['manage_settings'], (actor) => createMenuItem(actor, menuItem)],
  ['updateMenuItem', ['manage_settings'], (actor, ids) => updateMenuItem(actor, ids.menuItem, menuItem)],
  ['deleteMenuItem', ['manage_settings'], (actor, ids) => deleteMenuItem(actor, ids.menuItem)],
  [
    'reorderMenu',
    ['manage_settings'],
    async (actor) => {
      const items = await listMenuItems('footer');
      return reorderMenu(actor, { location: 'footer', order: items.reverse().map((item) => ({ id: item.id, parentId: null })) });
    },
  ],
  // Settings, contact details and the cache.
  ['writeSettings', ['manage_settings'], (actor) => writeSettings(actor, { site: { siteName: 'Refused' } })],
  [
    'saveSiteSettings',
    ['manage_settings'],
    async (actor) => saveSiteSettings(actor, generalSettingsSchema.parse({ ...(await getSiteSettings()), siteName: 'Refused' })),
  ],
  ['saveAdvancedSettings', ['manage_settings'], (actor) => saveAdvancedSettings(actor, advancedSettingsSchema.parse({ cacheTtl: '900' }))],
  [
    'saveEmailSettings',
    ['manage_settings'],
    (actor) =>
      saveEmailSettings(
        actor,
        emailSettingsSchema.parse({ smtpHost: '', smtpPort: '', smtpUsername: '', smtpPassword: '', fromEmail: '' }),
      ),
  ],
  ['saveTwoFactorPolicy', ['manage_settings'], (actor) => saveTwoFactorPolicy(actor, { requiredFor: 'manage_users' })],
  [
    'saveContactSettings',
    ['manage_settings'],
    async (actor) => saveContactSettings(actor, { ...(await getContactSettings()), email: 'refused@attacker.example' }),
  ],
  ['clearPublicCache', ['manage_settings'], (actor) => clearPublicCache(actor)],
  // Messages.
  ['applyMessageAction', ['manage_settings'], (actor, ids) => applyMessageAction(actor, 'delete', [ids.message])],
  ['retryMessageNotification', ['manage_settings'], (actor, ids) => retryMessageNotification(actor, ids.message)],
  // Users, invitations, two-factor resets and roles.
  ['createInvitedUser', ['manage_users'], (actor) => createInvitedUser(actor, userForm)],
  ['updateUser', ['manage_users'], (actor, ids) => updateUser(actor, ids.user, { ...userForm, status: 'inactive' })],
  ['deleteUser', ['manage_users'], (actor, ids) => deleteUser(actor, ids.user)],
  ['renewInvitation', ['manage_users'], (actor, ids) => renewInvitation(actor, ids.user)],
  ['revokeInvitation', ['manage_users'], (actor, ids) => revokeInvitation(actor, ids.user)],
  ['resetTwoFactor', ['manage_users'], (actor, ids) => resetTwoFactor(actor, ids.user)],
  ['createRole', ['manage_roles'], (actor) => createRole(actor, roleForm)],
  ['updateRole', ['manage_roles'], (actor) => updateRole(actor, 'author', roleForm)],
  ['deleteRole', ['manage_roles'], (actor) => deleteRole(actor, 'author', 'contributor')],
  ['createResetLink', ['manage_users'], (actor, ids) => createResetLink(actor, ids.user)],
  // Revisions, autosave and edit presence: whoever may edit the item.
  [
    'saveAutosave',
    ['manage_pages'],
    (actor, ids) => saveAutosave(actor, { kind: 'page', itemKey: ids.page, seq: 1, fields: { title: 'Refused' }, baseVersion: 1 }),
  ],
  ['discardAutosave', ['manage_pages'], (actor, ids) => discardAutosave(actor, 'page', ids.page)],
  ['heartbeat', ['manage_pages'], (actor, ids) => heartbeat(actor, { kind: 'page', itemId: ids.page, tabId: 'tab', mode: 'editing' })],
  ['takeOver', ['manage_pages'], (actor, ids) => takeOver({ ...actor, name: 'Refused' }, { kind: 'page', itemId: ids.page, tabId: 'tab' })],
  ['leaveItem', ['manage_pages'], (actor, ids) => leaveItem(actor, { kind: 'page', itemId: ids.page, tabId: 'tab' })],
  ['saveBackupSettings', ['manage_settings'], (actor) => saveBackupSettings(actor, { schedule: 'daily', keep: 3 })],
  // Code injection: administrators only, whatever a role holds.
  [
    'saveCodeInjection',
    ['manage_settings'],
    (actor) => saveCodeInjection(actor, { head: '<script>refused()</script>', footer: '', scriptSources: [] }),
  ],
  // WordPress import (administrators: every permission).
  [
    'startWordPressImport',
    ['manage_users'],
    (actor) => startWordPressImport(actor, { path: '/nonexistent/refused.xml', name: 'refused.xml' }, { dryRun: true }),
  ],
  ['importAfterDryRun', ['manage_settings'], (actor) => importAfterDryRun(actor, 'any-run')],
  // Redirects.
  ['saveRedirect', ['manage_settings'], (actor) => saveRedirect(actor, { from: '/refused', to: '/blog', status: 301 })],
  ['deleteRedirect', ['manage_settings'], (actor) => deleteRedirect(actor, 'any-redirect')],
  ['importRedirects', ['manage_settings'], (actor) => importRedirects(actor, 'from,to,status\n/refused,/blog,301\n')],
  // Comments.
  ['moderateComments', ['manage_comments'], (actor, ids) => moderateComments(actor, 'approve', [ids.comment])],
  ['replyAsStaff', ['manage_comments'], (actor, ids) => replyAsStaff(actor, { parentId: ids.comment, body: 'Refused reply' })],
  ['editComment', ['manage_comments'], (actor, ids) => editComment(actor, ids.comment, { name: 'Refused', website: '', body: 'Refused' })],
  ['eraseCommentsByEmail', ['manage_comments'], (actor) => eraseCommentsByEmail(actor, 'commenter@example.com')],
  [
    'saveCommentSettings',
    ['manage_settings'],
    (actor) => saveCommentSettings(actor, { autoApproveKnown: false, closeAfterDays: 1, blocklist: 'refused', emailModerators: true }),
  ],
];

/** Every exported function of app/services whose first parameter is `actor: Actor`. */
function servicesTakingAnActor(): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync('app/services', { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    const text = readFileSync(path.join('app/services', file), 'utf8');
    for (const match of text.matchAll(
      /export (?:async )?function (\w+)(?:<[^>]*>)?\(\s*actor: Actor\b|export const (\w+) = (?:async )?\(actor: Actor\b/g,
    )) {
      names.add(match[1] ?? match[2]!);
    }
  }
  return names;
}

/** What a write could change, read back after each refusal. */
async function snapshot() {
  const db = getDb();
  const count = async (
    table:
      | 'audit_log'
      | 'pages'
      | 'blog_posts'
      | 'media'
      | 'menu_items'
      | 'messages'
      | 'users'
      | 'roles'
      | 'themes'
      | 'categories'
      | 'redirects'
      | 'password_resets'
      | 'comments',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const versions = async (table: 'pages' | 'blog_posts' | 'themes') =>
    (await db.selectFrom(table).select(['id', 'version']).orderBy('id').execute()).map((row) => `${row.id}:${row.version}`);
  return {
    counts: await Promise.all(
      (
        [
          'audit_log',
          'pages',
          'blog_posts',
          'media',
          'menu_items',
          'messages',
          'users',
          'roles',
          'themes',
          'categories',
          'redirects',
          'password_resets',
          'comments',
        ] as const
      ).map(count),
    ),
    settings: await db.selectFrom('settings').select(['key', 'value']).orderBy('key').execute(),
    statuses: await db.selectFrom('pages').select(['id', 'status']).orderBy('id').execute(),
    versions: [await versions('pages'), await versions('blog_posts'), await versions('themes')],
    menu: await db.selectFrom('menu_items').select(['id', 'title', 'sort_order']).orderBy('id').execute(),
    media: await db.selectFrom('media').select(['id', 'title']).orderBy('id').execute(),
    messages: await db.selectFrom('messages').select(['id', 'notify_state', 'folder']).orderBy('id').execute(),
    users: await db.selectFrom('users').select(['id', 'status', 'role_id']).orderBy('id').execute(),
    active: await db.selectFrom('themes').select('id').where('is_active', '=', 1).execute(),
    drafts: await db.selectFrom('theme_drafts').select('user_id').execute(),
    landing: await db.selectFrom('landing_content').select(['locale', 'version', 'draft']).orderBy('locale').execute(),
    comments: await db.selectFrom('comments').select(['id', 'status', 'body', 'parent_id']).orderBy('id').execute(),
    invitations: await db.selectFrom('user_invitations').select(['user_id', 'token_hash']).orderBy('user_id').execute(),
  };
}

describe.each(testDialects)('write services check their own permission on $name', (dialect) => {
  const ids = {} as Ids;
  beforeAll(async () => {
    await dialect.open();
    const db = getDb();
    ids.page = (await db.selectFrom('pages').select('id').executeTakeFirstOrThrow()).id;
    ids.post = (await db.selectFrom('blog_posts').select('id').executeTakeFirstOrThrow()).id;
    ids.media = (await db.selectFrom('media').select('id').executeTakeFirstOrThrow()).id;
    ids.menuItem = (await db.selectFrom('menu_items').select('id').executeTakeFirstOrThrow()).id;
    ids.category = (await db.selectFrom('categories').select('id').executeTakeFirstOrThrow()).id;
    ids.user = (await makeActor('contributor', 'target')).id;
    ids.message = 'message-1';
    await db
      .insertInto('messages')
      .values({
        id: ids.message,
        first_name: 'Ann',
        last_name: 'Smith',
        email: 'ann@example.com',
        subject: 'Hello',
        message: 'Hello there',
        phone: '',
        ip: '',
        status: 'unread',
        folder: 'inbox',
        notify_state: 'failed',
        created_at: new Date().toISOString(),
      })
      .execute();
    ids.comment = 'comment-1';
    await db
      .insertInto('comments')
      .values({
        id: ids.comment,
        post_id: ids.post,
        parent_id: null,
        author_name: 'Commenter',
        author_email: 'commenter@example.com',
        author_url: '',
        body: 'Waiting for approval',
        status: 'pending',
        trashed_from: null,
        spam_reason: '',
        staff_user_id: null,
        ip: '',
        ip_hash: '',
        body_key: 'comment-1-key',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    // A draft of the landing copy, so Publish and Discard have something to refuse.
    await saveLanding(await makeActor('administrator', 'drafter'), {
      lang: 'en',
      content: landingContentSchema.parse(defaultLanding.en),
      version: 1,
      publish: false,
    });
  });
  afterAll(() => dialect.close());

  it.each(WRITES)('%s is refused without %j', async (_name, missing, write) => {
    const before = await snapshot();
    const generation = cacheGeneration();
    const result = await write(lacking(missing), ids);
    expect(result).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(cacheGeneration()).toBe(generation);
    expect(await snapshot()).toEqual(before);
  });

  it('lists every service that takes an actor first, but the permission checks, the reads and publicWriteAs itself', () => {
    const notWrites = [
      'actorPermissions',
      'holdsAll',
      'isAdministrator',
      'mayPublishLanding',
      'refuseWithout',
      'publicWriteAs',
      'listPosts',
      // The admin search reads, limited to what the actor may open.
      'searchAdmin',
      'getAutosave',
      'listNewDrafts',
      'editorsOf',
      'others',
      'openEditingSession',
      'mayEditItem',
    ];
    const taken = [...servicesTakingAnActor()].filter((name) => !notWrites.includes(name)).sort();
    expect(taken).toEqual(WRITES.map(([name]) => name).sort());
  });
});
