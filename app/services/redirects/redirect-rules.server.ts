import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { getEnv } from '#app/env.server.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import { normaliseFromPath, parseRedirectTarget, pathKey } from '#app/lib/redirect-paths.ts';
import { type Failure, invalid } from '#app/services/failures.ts';

export interface RedirectInput {
  from: string;
  to: string;
  status: 301 | 302;
}

interface Target {
  target: string;
  /** The path on this site, or null for another site. */
  path: string | null;
}

/** A target as stored: a full URL of this very site counts as a site path for chains and loops. */
function readTarget(text: string): Target | { error: string } {
  const parsed = parseRedirectTarget(text);
  if (!parsed.ok) return { error: parsed.error };
  if (parsed.kind === 'path') return { target: parsed.target, path: parsed.path };
  const url = new URL(parsed.target);
  return { target: parsed.target, path: url.origin === new URL(getEnv().SITE_URL).origin ? pathKey(url.pathname) : null };
}

/** The published page or post that answers `path`, if any: a redirect never hides live content. */
async function liveContentAt(db: Kysely<Database>, path: string): Promise<string | null> {
  const segments = path.split('/').slice(1);
  if (segments.length === 1) {
    const page = await db
      .selectFrom('pages')
      .select('title')
      .where('slug', '=', segments[0]!)
      .where('status', '=', 'published')
      .executeTakeFirst();
    return page ? `the published page “${page.title}”` : null;
  }
  if (segments.length === 2 && segments[0] === 'blog') {
    const post = await db
      .selectFrom('blog_posts')
      .select('title')
      .where('slug', '=', segments[1]!)
      .where('status', '=', 'published')
      .executeTakeFirst();
    return post ? `the published post “${post.title}”` : null;
  }
  return null;
}

/**
 * Writes one redirect inside the caller's transaction, keeping the table free of chains and loops: a target that is
 * itself redirected is replaced by that redirect's target (redirects are one hop), a redirect that would come back
 * to its own path is refused, and redirects that pointed at `from` now point where `from` goes. `replace`: a
 * redirect from the same path is overwritten (import, slug changes) rather than refused. Answers the row's id.
 */
export async function putRedirect(
  db: Kysely<Database>,
  input: RedirectInput,
  options: { id?: string; replace?: boolean; automatic?: boolean; allowOverContent?: boolean } = {},
): Promise<Failure | { ok: true; id: string; created: boolean; before: { from: string; to: string; status: number } | null }> {
  const from = normaliseFromPath(input.from);
  if (!from.ok) return invalid({ from: from.error });
  const read = readTarget(input.to);
  if ('error' in read) return invalid({ to: read.error });
  if (read.path === from.path) return invalid({ to: 'A redirect cannot point to its own path' });

  if (!options.allowOverContent) {
    const live = await liveContentAt(db, from.path);
    if (live) return invalid({ from: `${from.path} is ${live}: change its slug or unpublish it first` });
  }
  const existing = await db.selectFrom('redirects').selectAll().where('from_path', '=', from.path).executeTakeFirst();
  if (existing && existing.id !== options.id && !options.replace) return invalid({ from: `A redirect from ${from.path} already exists` });
  const own = options.id
    ? await db.selectFrom('redirects').selectAll().where('id', '=', options.id).executeTakeFirst()
    : (existing ?? undefined);
  if (options.id && !own) return { ok: false, reason: 'not-found', message: 'This redirect no longer exists.' };

  // One hop: a target that is itself redirected is replaced by where that redirect goes.
  let target = read;
  if (target.path) {
    const next = await db
      .selectFrom('redirects')
      .select(['to_target', 'to_path'])
      .where('from_path', '=', target.path)
      .where('id', '<>', own?.id ?? '')
      .executeTakeFirst();
    if (next) target = { target: next.to_target, path: next.to_path };
  }
  if (target.path === from.path) {
    return invalid({ to: `This would make a loop: ${from.path} → ${read.path} → ${from.path}` });
  }

  const now = nowIso();
  const columns = { from_path: from.path, to_target: target.target, to_path: target.path, status_code: input.status, updated_at: now };
  let id: string;
  if (own) {
    id = own.id;
    // The row that already had this path (when editing another one into it) gives way.
    if (existing && existing.id !== own.id) await db.deleteFrom('redirects').where('id', '=', existing.id).execute();
    await db
      .updateTable('redirects')
      .set({ ...columns, automatic: options.automatic ? 1 : own.automatic })
      .where('id', '=', id)
      .execute();
  } else {
    id = newId();
    await db
      .insertInto('redirects')
      .values({ id, ...columns, automatic: options.automatic ? 1 : 0, hits: 0, last_hit_at: null, created_at: now })
      .execute();
  }
  // Redirects that led to `from` now lead straight to where it goes (never to themselves: that was refused above).
  await db
    .updateTable('redirects')
    .set({ to_target: target.target, to_path: target.path, updated_at: now })
    .where('to_path', '=', from.path)
    .where('id', '<>', id)
    .execute();
  return {
    ok: true,
    id,
    created: !own,
    before: own ? { from: own.from_path, to: own.to_target, status: Number(own.status_code) } : null,
  };
}
