import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type { RouteConfigEntry } from '@react-router/dev/routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { screenForPath } from '#app/lib/admin-screens.ts';
import { PERMISSIONS } from '#app/lib/permissions.ts';
import routes from '#app/routes.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

type Handler = Parameters<typeof callRoute>[0];
interface RouteModule {
  loader?: Handler;
  action?: Handler;
}
interface Row {
  method: 'GET' | 'POST';
  /** The path as written, e.g. /admin/users/:id={admin}. */
  written: string;
  body: string;
  allowedWith: string;
}

/** The request table of docs/permissions.md. */
function documentedRows(): Row[] {
  const text = readFileSync(path.resolve('docs/permissions.md'), 'utf8');
  const rows: Row[] = [];
  for (const line of text.split('\n')) {
    if (!/^\| (GET|POST) \|/.test(line)) continue;
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim().replace(/\\\|/g, '|'));
    rows.push({ method: cells[0] as Row['method'], written: cells[1]!, body: cells[2]!, allowedWith: cells[3]! });
  }
  return rows;
}

/** The route tree of app/routes.ts as react-router route objects carrying their module file. */
function routeTree(entries: RouteConfigEntry[]): (RouteObject & { file: string })[] {
  return entries.map((entry) => ({
    id: entry.id ?? entry.file,
    file: entry.file,
    ...(entry.index ? { index: true as const } : { path: entry.path ?? '' }),
    ...(entry.children ? { children: routeTree(entry.children) } : {}),
  })) as (RouteObject & { file: string })[];
}

/** Every staff route: its full pattern and file (admin/…, and the theme preview). */
function staffRoutes(entries: RouteConfigEntry[], parent = ''): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ''].filter(Boolean).join('/');
    const own = full.startsWith('admin') || full === 'preview' ? [{ pattern: `/${full}`, file: entry.file }] : [];
    return [...own, ...(entry.children ? staffRoutes(entry.children, full) : [])];
  });
}

const modules = new Map<string, RouteModule>();
async function moduleOf(file: string): Promise<RouteModule> {
  if (!modules.has(file)) modules.set(file, (await import(pathToFileURL(path.resolve('app', file)).href)) as RouteModule);
  return modules.get(file)!;
}

/** "a + b | c": either all of a and b, or c; "nobody" never. Every admin request also needs access_admin. */
function allows(expression: string, held: readonly string[]): boolean {
  if (expression === 'anyone') return true;
  if (!held.includes('access_admin') || expression === 'nobody') return false;
  return expression.split('|').some((any) => any.split('+').every((name) => held.includes(name.trim())));
}

async function draftPage(): Promise<string> {
  const id = 'matrix-draft-page';
  const now = new Date().toISOString();
  await getDb()
    .insertInto('pages')
    .values({
      id,
      title: 'Matrix draft',
      slug: 'matrix-draft',
      content: 'Draft',
      status: 'draft',
      meta_description: '',
      meta_keywords: '',
      og_image: null,
      publish_date: null,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const patternOf = (written: string) => written.replace(/(:[A-Za-z]+)=[^/]*/g, '$1');

// Roles under test: access_admin plus one permission each (access_admin alone for itself), and a role with nothing.
const ROLES = [
  ...PERMISSIONS.map((permission) => ({ id: `only_${permission}`, permissions: [...new Set(['access_admin', permission])] })),
  { id: 'nothing', permissions: [] as string[] },
];

describe.each(testDialects)('permission matrix on $name', (dialect) => {
  const cookies = new Map<string, string>();
  let values: Record<string, string>;

  beforeAll(async () => {
    await dialect.open();
    const now = new Date().toISOString();
    for (const role of ROLES) {
      await getDb()
        .insertInto('roles')
        .values({
          id: role.id,
          name: role.id,
          description: '',
          permissions: JSON.stringify(role.permissions),
          created_at: now,
          updated_at: now,
        })
        .execute();
      const id = await createUser({ email: `${role.id}@matrix.example`, name: role.id, password: null, roleId: role.id });
      cookies.set(role.id, await sessionCookieFor(id));
    }
    const db = getDb();
    values = {
      page: (await db.selectFrom('pages').select('id').where('slug', '=', 'privacy-policy').executeTakeFirstOrThrow()).id,
      post: (await db.selectFrom('blog_posts').select('id').executeTakeFirstOrThrow()).id,
      category: (await db.selectFrom('categories').select('id').executeTakeFirstOrThrow()).id,
      draftPage: await draftPage(),
      admin: await createUser({ email: 'admin@example.com', name: 'Admin', password: null, roleId: 'administrator' }),
      contributor: await createUser({ email: 'contributor@example.com', name: 'Contributor', password: null, roleId: 'contributor' }),
    };
  });
  afterAll(() => dialect.close());

  /** A documented path made concrete: placeholders and parameters filled with real ids. */
  function concrete(written: string): string {
    const defaults: Record<string, string> = {
      '/admin/pages/:id': '{page}',
      '/admin/blog/:id': '{post}',
      '/admin/users/:id': '{admin}',
      '/admin/users/roles/:id': 'editor',
      '/admin/messages/:id': 'no-such-message',
    };
    const filled = written.replace(/:([A-Za-z]+)(=[^/]*)?/g, (_all, name: string, given?: string) =>
      given ? given.slice(1) : name === 'themeId' ? 'default' : (defaults[patternOf(written)] ?? 'x'),
    );
    return filled.replace(/\{(\w+)\}/g, (_all, key: string) => values[key] ?? key);
  }

  it('refuses or allows every admin loader and action, and every forged request, exactly as docs/permissions.md says', async () => {
    const rows = documentedRows();
    expect(rows.length).toBeGreaterThan(60);
    // Publishing the landing copy is an action of its own (Save Changes, Publish), beside saving a draft.
    expect(rows.filter((row) => row.written === '/admin/content' && /intent=(save|publish)&/.test(row.body))).toEqual([
      expect.objectContaining({ allowedWith: 'manage_pages + publish_pages' }),
      expect.objectContaining({ allowedWith: 'manage_pages + publish_pages' }),
    ]);
    const tree = routeTree(routes);

    // A staff route the table does not list is still tried, expecting its screen's permission.
    for (const route of staffRoutes(routes)) {
      const module = await moduleOf(route.file);
      const probe = concrete(route.pattern.replace('*', 'no-such-screen'));
      const fallback = screenForPath(route.pattern === '/preview' ? '/admin/themes' : probe)?.permission ?? 'access_admin';
      if (
        module.loader &&
        !rows.some((row) => row.method === 'GET' && patternOf(row.written) === route.pattern.replace('*', 'no-such-screen'))
      ) {
        rows.push({ method: 'GET', written: route.pattern.replace('*', 'no-such-screen'), body: '', allowedWith: fallback });
      }
      if (module.action && !rows.some((row) => row.method === 'POST' && patternOf(row.written) === route.pattern)) {
        rows.push({ method: 'POST', written: route.pattern, body: '', allowedWith: fallback });
      }
    }

    const mismatches: string[] = [];
    let tried = 0;
    for (const row of rows) {
      const url = concrete(row.written);
      const matches = matchRoutes(tree, url.split('?')[0]!) as
        { route: RouteObject & { file: string }; params: Record<string, string | undefined> }[] | null;
      if (!matches?.length) {
        mismatches.push(`${row.method} ${row.written}: no route answers ${url}`);
        continue;
      }
      const params = Object.fromEntries(
        Object.entries(matches.at(-1)!.params).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const handlers: Handler[] = [];
      if (row.method === 'GET')
        for (const match of matches) handlers.push(...[(await moduleOf(match.route.file)).loader].filter((h): h is Handler => !!h));
      else handlers.push(...[(await moduleOf(matches.at(-1)!.route.file)).action].filter((h): h is Handler => !!h));
      if (handlers.length === 0) {
        mismatches.push(`${row.method} ${row.written}: the route has no ${row.method === 'GET' ? 'loader' : 'action'}`);
        continue;
      }
      const form =
        row.method === 'POST'
          ? Object.fromEntries(
              [...new URLSearchParams(concrete(row.body)).keys()].map((key) => [key, new URLSearchParams(concrete(row.body)).getAll(key)]),
            )
          : undefined;
      for (const role of ROLES) {
        const expected = allows(row.allowedWith, role.permissions);
        let refusedWith: number | null = null;
        for (const handler of handlers) {
          const answer = await callRoute(handler, {
            path: url,
            params,
            cookie: cookies.get(role.id)!,
            method: row.method,
            form: form ?? (row.method === 'POST' ? {} : undefined),
          });
          tried++;
          if (answer.status === 403 || answer.status === 401 || answer.location?.startsWith('/login')) refusedWith = answer.status;
          if (answer.status >= 500) mismatches.push(`${row.method} ${row.written} as ${role.id}: ${answer.status}`);
        }
        const allowed = refusedWith === null;
        if (allowed !== expected)
          mismatches.push(
            `${row.method} ${row.written} ${row.body} as ${role.id}: ${allowed ? 'allowed' : `refused (${refusedWith})`}, docs say ${expected ? 'allowed' : 'refused'}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
    expect(tried).toBeGreaterThan(ROLES.length * 60);
  }, 300_000);
});
