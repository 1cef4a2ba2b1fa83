import { sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { receiveUpload } from '#app/http/receive-upload.server.ts';
import { newId, newTimeOrderedId } from '#app/lib/ids.ts';

import { jpeg, multipartBody } from './uploads.ts';

/** Text that a careless export would damage: accents, emoji, CJK, quotes, backslashes, newlines, a NUL-free control character. */
export const UNICODE = 'Ünïcødé 🎨 日本語 — "quotes" \'apostrophes\' \\ backslash\nnew line\ttab \u2028 separator ﬁ';

/**
 * Fills every table of the current (migrated and seeded) database with at least one row: unicode everywhere, a
 * 200 000-character article, an uploaded image with its variants. Answers the id of the large post.
 */
export async function seedRichContent(): Promise<{ postId: string; largeContent: string }> {
  const db = getDb();
  const now = new Date().toISOString();
  const userId = newId();
  const role = await db.selectFrom('roles').select('id').orderBy('id').executeTakeFirstOrThrow();
  await db
    .insertInto('users')
    .values({
      id: userId,
      email: 'zoe@example.com',
      name: `Zoë ${UNICODE}`,
      password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
      role_id: role.id,
      status: 'active',
      avatar: null,
      last_login_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const pendingId = newId();
  await db
    .insertInto('users')
    .values({
      id: pendingId,
      email: 'pending@example.com',
      name: 'Pending',
      password_hash: null,
      role_id: role.id,
      status: 'pending',
      avatar: null,
      last_login_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const category = await db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
  const postId = newId();
  const largeContent = `# ${UNICODE}\n\n${'Lorem ipsum dolor sit amet, ünïcødé 🎨. '.repeat(5000)}`.slice(0, 200_000);
  await db
    .insertInto('blog_posts')
    .values({
      id: postId,
      title: `Large ${UNICODE}`.slice(0, 200),
      slug: 'large-unicode-post',
      content: largeContent,
      excerpt: UNICODE,
      status: 'published',
      featured_image: null,
      featured_image_alt: UNICODE,
      author_id: userId,
      author_name: 'Zoë',
      tags: JSON.stringify(['ünï', '🎨']),
      meta_title: UNICODE,
      meta_description: '',
      meta_keywords: '',
      publish_date: now,
      views: 12,
      version: 3,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db.insertInto('post_categories').values({ post_id: postId, category_id: category.id }).execute();
  const { boundary, body } = multipartBody([
    { name: `photo ${UNICODE.slice(0, 10)}.jpg`, type: 'image/jpeg', data: await jpeg(1000, 700) },
  ]);
  const [item] = await receiveUpload(body, boundary, 25 * 1024 * 1024, { uploadedBy: userId });
  await db.insertInto('media_usage').values({ media_id: item!.id, ref_kind: 'post', ref_id: postId, place: 'content' }).execute();
  const theme = await db.selectFrom('themes').select(['id', 'name', 'settings', 'data']).executeTakeFirstOrThrow();
  await db
    .insertInto('revisions')
    .values({
      id: newTimeOrderedId(),
      item_kind: 'theme',
      item_id: theme.id,
      version: 1,
      state: JSON.stringify({ name: theme.name, settings: JSON.parse(theme.settings), sections: JSON.parse(theme.data) }),
      changed_fields: '[]',
      published: 1,
      saved_by: userId,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('theme_drafts')
    .values({ user_id: userId, theme_id: theme.id, name: UNICODE, settings: theme.settings, data: theme.data, updated_at: now })
    .execute();
  await db
    .insertInto('sessions')
    .values({
      id: newId(),
      token_hash: 'a'.repeat(64),
      user_id: userId,
      expires_at: now,
      created_at: now,
      last_used_at: now,
      user_agent: UNICODE,
    })
    .execute();
  await db
    .insertInto('user_invitations')
    .values({ user_id: pendingId, token_hash: 'b'.repeat(64), expires_at: now, created_at: now, created_by: userId })
    .execute();
  await db.insertInto('throttles').values({ key: `sign-in:ip:203.0.113.9`, count: 3, window_started_at: now }).execute();
  await db
    .insertInto('view_visitors')
    .values({ day: now.slice(0, 10), target: `post:${postId}`, visitor: 'c'.repeat(43) })
    .execute();
  await db
    .insertInto('page_views')
    .values({ hour: now.slice(0, 13), path: '/blog/large-unicode-post', views: 7 })
    .execute();
  const landing = await db.selectFrom('landing_content').select(['locale', 'published']).executeTakeFirstOrThrow();
  await db
    .insertInto('revisions')
    .values({
      id: newId(),
      item_kind: 'landing',
      item_id: landing.locale,
      version: 1,
      state: landing.published ?? '{}',
      changed_fields: '["hero.title"]',
      published: 1,
      saved_by: userId,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('autosaves')
    .values({
      user_id: userId,
      item_kind: 'post',
      item_key: postId,
      seq: 7,
      fields: JSON.stringify({ title: UNICODE, content: UNICODE, categories: ['a', 'b'] }),
      title: UNICODE,
      base_version: 3,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('edit_presence')
    .values({
      item_kind: 'post',
      item_id: postId,
      user_id: userId,
      tab_id: newId(),
      mode: 'editing',
      since: now,
      heartbeat_at: now,
      taken_over_by: UNICODE,
    })
    .execute();
  const messageId = newId();
  await db
    .insertInto('messages')
    .values({
      id: messageId,
      first_name: 'Zoë',
      last_name: 'Ørsted',
      email: 'zoe@example.com',
      phone: '+33 1 23 45 67 89',
      subject: UNICODE.slice(0, 100),
      message: UNICODE,
      status: 'unread',
      ip: '2001:db8::1',
      created_at: now,
      folder: 'inbox',
      spam_reason: '',
      notify_state: 'failed',
      notify_attempts: 2,
      notify_error: 'Connection refused',
      notify_next_at: null,
    })
    .execute();
  await db
    .insertInto('public_form_receipts')
    .values({ form: 'contact-form', key: 'd'.repeat(43), result_id: messageId, created_at: now })
    .execute();
  const notificationId = newId();
  await db
    .insertInto('notifications')
    .values({
      id: notificationId,
      kind: 'message',
      message: UNICODE,
      link: `/admin/messages/${messageId}`,
      permission: 'manage_settings',
      user_id: null,
      actor_id: null,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('notification_states')
    .values({ notification_id: notificationId, user_id: userId, read_at: now, dismissed_at: null })
    .execute();
  await db
    .insertInto('audit_log')
    .values({
      id: newId(),
      at: now,
      actor_id: userId,
      actor_name: 'Zoë',
      action: 'content.published',
      target_type: 'post',
      target_id: postId,
      target_label: UNICODE,
      ip: '203.0.113.9',
      user_agent: UNICODE,
      details: JSON.stringify({ note: UNICODE }),
    })
    .execute();
  await db
    .insertInto('two_factor')
    .values({ user_id: userId, secret: 'encrypted-secret', enabled_at: now, last_time_step: 58_000_000, created_at: now })
    .execute();
  await db
    .insertInto('recovery_codes')
    .values({ id: newId(), user_id: userId, code_hash: 'e'.repeat(64), used_at: null, created_at: now })
    .execute();
  await db
    .insertInto('sign_in_challenges')
    .values({ id: newId(), token_hash: 'f'.repeat(64), user_id: userId, attempts: 1, expires_at: now, user_agent: UNICODE })
    .execute();
  await db
    .insertInto('api_tokens')
    .values({
      id: newId(),
      user_id: userId,
      name: UNICODE.slice(0, 50),
      token_hash: '0'.repeat(64),
      prefix: 'atl_abcd',
      scopes: '["view_dashboard"]',
      created_at: now,
      expires_at: now,
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
  await db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: '1'.repeat(64), expires_at: now, created_at: now, created_by: null })
    .execute();
  await db
    .insertInto('redirects')
    .values({
      id: newId(),
      from_path: '/old-ünïcødé-path',
      to_target: '/blog/large-unicode-post',
      to_path: '/blog/large-unicode-post',
      status_code: 301,
      automatic: 1,
      hits: 4,
      last_hit_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('jobs')
    .values({
      id: 'recurring:prune-ünïcødé',
      name: 'prune-ünïcødé',
      payload: JSON.stringify({ note: UNICODE.slice(0, 50) }),
      run_at: now,
      every_ms: 60_000,
      locked_by: null,
      locked_until: null,
      last_error: UNICODE.slice(0, 50),
      failed_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const commentId = newId();
  for (const [id, parent] of [
    [commentId, null],
    [newId(), commentId],
  ] as const) {
    await db
      .insertInto('comments')
      .values({
        id,
        post_id: postId,
        parent_id: parent,
        author_name: UNICODE.slice(0, 40),
        author_email: 'zoe@example.com',
        author_url: 'https://example.com/ünïcødé',
        body: UNICODE,
        status: parent ? 'trash' : 'approved',
        trashed_from: parent ? 'pending' : null,
        spam_reason: '',
        staff_user_id: parent ? userId : null,
        ip: '2001:db8::2',
        ip_hash: 'abcdef123456',
        body_key: `key-${id}`,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await db
    .insertInto('draft_links')
    .values({
      id: newId(),
      token_hash: '2'.repeat(64),
      item_kind: 'post',
      item_id: postId,
      created_by: userId,
      created_at: now,
      expires_at: now,
      revoked_at: null,
    })
    .execute();
  await db
    .insertInto('import_items')
    .values({
      site: 'https://ünïcødé.example',
      item_type: 'post',
      source_id: '7',
      guid: UNICODE.slice(0, 50),
      target_id: postId,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('import_runs')
    .values({
      id: newId(),
      file_name: `${UNICODE.slice(0, 20)}.xml`,
      file_key: 'imports/run.xml',
      dry_run: 1,
      status: 'done',
      report: JSON.stringify({ note: UNICODE.slice(0, 50) }),
      error: null,
      created_by: userId,
      created_at: now,
      finished_at: now,
    })
    .execute();
  await db
    .insertInto('cache_generations')
    .values({ id: 'public', generation: 42, updated_at: now })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ generation: 42, updated_at: now }))
    .execute();
  return { postId, largeContent };
}

/** Tables of the current database holding no row (Kysely's own left out). */
export async function emptyTables(dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const db = getDb();
  const names =
    dialect === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(
            db,
          )
        ).rows
      : (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely\\_%'`.execute(db)
        ).rows;
  const empty: string[] = [];
  for (const { name } of names) {
    const [row] = (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(db)).rows;
    if (Number(row?.n) === 0) empty.push(name);
  }
  return empty.sort();
}
