import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type { RouteConfigEntry } from '@react-router/dev/routes';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import routes from '#app/routes.ts';
import { type BuiltServer, serverDialects, startBuiltServer } from '#tests/support/built-server.ts';

// Generated request bodies (wrong types, huge strings, unicode, missing and extra fields, nested
// names, wrong content types) sent to every route that has an action: public ones anonymously,
// admin ones as the signed-in administrator. A user's mistake must never be answered with a 500.
// `npm test` runs a short fuzz (600 cases per database); `npm run test:fuzz` the long one (FUZZ_CASES=5000).
const FUZZ_CASES = Number(process.env.FUZZ_CASES ?? 600);
const CASES_PER_DATABASE = FUZZ_CASES;

interface ActionRoute {
  path: string;
  admin: boolean;
}

/** Every route whose module exports an action, with its full path (`admin/blog/:id`). */
async function actionRoutes(): Promise<ActionRoute[]> {
  const found: ActionRoute[] = [];
  const visit = async (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const full = [parent, entry.path ?? ''].filter(Boolean).join('/');
      const module = (await import(pathToFileURL(path.resolve('app', entry.file)).href)) as { action?: unknown };
      // Signing out (here or everywhere) would end the session the admin cases run in.
      if (typeof module.action === 'function' && !full.startsWith('logout')) {
        found.push({ path: entry.index ? `${full}?index` : full, admin: full.startsWith('admin') });
      }
      if (entry.children) await visit(entry.children, full);
    }
  };
  await visit(routes, '');
  return found;
}

const FIELD_NAMES = [
  'intent',
  'id',
  'ids',
  'title',
  'slug',
  'content',
  'excerpt',
  'status',
  'publishDate',
  'categories',
  'categories[0]',
  'tags',
  'featuredImage',
  'featuredImageAlt',
  'saveAndStay',
  'version',
  'metaTitle',
  'email',
  'password',
  'name',
  'role',
  'roleId',
  'permissions',
  'permissions[0]',
  'firstName',
  'lastName',
  'phone',
  'subject',
  'message',
  'redirectTo',
  'lng',
  'siteName',
  'tab',
  'host',
  'port',
  'username',
  'secure',
  'items',
  'items[0].title',
  'items[0].path',
  'order',
  'location',
  'code',
  'token',
  'file',
  'alt',
  'theme',
  'settings',
  'sections',
  'html',
  'css',
  'query',
  'page',
  'filter',
  'website',
];
const INTENTS = [
  'save',
  'create',
  'update',
  'delete',
  'trash',
  'restore',
  'empty-trash',
  'activate',
  'upload',
  'reorder',
  'rename',
  'test-smtp',
  'clear-cache',
  'archive',
  'spam',
  'read',
  'unread',
  'revoke',
  'resend',
  'enable',
  'disable',
  'x',
];
const TEXT_VALUES = [
  '',
  ' ',
  'true',
  'false',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  '[]',
  '{}',
  '2026-02-30T25:61',
  'javascript:alert(1)',
  '//evil.example',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u0000',
  '\u202e',
  '🦄'.repeat(50),
];

const fieldName = fc.oneof(
  fc.constantFrom(...FIELD_NAMES),
  fc.string({ maxLength: 30 }),
  fc
    .tuple(
      fc.constantFrom(...FIELD_NAMES),
      fc.array(
        fc.oneof(
          fc.nat(1200).map((n) => `[${n}]`),
          fc.constantFrom('.a', '[]', '[x]'),
        ),
        { maxLength: 10 },
      ),
    )
    .map(([base, parts]) => base + parts.join('')),
);
const fieldValue = fc.oneof(
  fc.constantFrom(...TEXT_VALUES, ...INTENTS),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.string({ minLength: 1000, maxLength: 30_000 }),
);
const body = fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 25 });
const contentType = fc.constantFrom(
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----atelier',
  'application/json',
  'text/plain',
);

function encodeBody(fields: [string, string][], type: string): string {
  if (type.startsWith('multipart/')) {
    const parts = fields.map(
      ([name, value]) => `------atelier\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${value}\r\n`,
    );
    return `${parts.join('')}------atelier--\r\n`;
  }
  if (type === 'application/json') return JSON.stringify(Object.fromEntries(fields));
  return fields.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
}

describe.each(serverDialects)('generated bodies sent to every action on %s', (dialect) => {
  let server: BuiltServer;
  let cookie: string;
  let targets: ActionRoute[];
  const paramValues: Record<string, string[]> = {};

  beforeAll(async () => {
    server = await startBuiltServer(dialect);
    cookie = await server.signInAsAdmin();
    targets = await actionRoutes();
    // Real ids and slugs too, so the cases reach the code behind "not found".
    for (const target of targets.filter((route) => route.admin && route.path.includes('/:'))) {
      const list = target.path.slice(0, target.path.indexOf('/:'));
      const html = (await server.send('GET', `/${list}`, { headers: { Cookie: cookie } })).body;
      for (const match of html.matchAll(new RegExp(`href="/${list}/([^"/?#]+)"`, 'g')))
        (paramValues[list] ??= []).push(decodeURIComponent(match[1]!));
    }
  }, 60_000);
  afterAll(() => server.close());

  it(
    `answers ${CASES_PER_DATABASE} generated submissions without a single 500`,
    async () => {
      expect(targets.length).toBeGreaterThan(8);
      const target = fc.constantFrom(...targets);
      const param = fc.constantFrom('welcome', 'about', 'new', 'no-such-thing', '1', '0', '%00', 'x'.repeat(300), 'a%2Fb');
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(target, param, body, contentType, async (route, fallback, fields, type) => {
          const list = route.path.includes('/:') ? route.path.slice(0, route.path.indexOf('/:')) : '';
          const value = paramValues[list]?.length && fallback === 'welcome' ? paramValues[list]![0]! : fallback;
          const url = `/${route.path.replace(/:[A-Za-z]+/g, encodeURIComponent(value)).replace('*', 'uploads/x.jpg')}`;
          const headers: Record<string, string> = { 'Content-Type': type, ...(route.admin ? { Cookie: cookie } : {}) };
          const reply = await server.send('POST', url, { headers, body: encodeBody(fields, type) });
          statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
          expect(reply.status, `${url} answered ${reply.status}: ${reply.body.slice(0, 300)}`).not.toBe(500);
        }),
        { numRuns: CASES_PER_DATABASE },
      );
      // The cases reached the actions (answers of every kind), not just a gate in front of them.
      expect(statuses.size).toBeGreaterThan(3);
    },
    Math.max(600_000, FUZZ_CASES * 250),
  );
});
