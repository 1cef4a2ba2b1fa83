import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { htmlCacheStats } from '#server/public/page-store.ts';
import { type BuiltServer, type Reply, serverDialects, startBuiltServer } from '#tests/support/built-server.ts';

// Issue 21, item 1: generated raw paths (dot segments in every spelling, percent-encodings, case variants, double and
// back slashes, unicode) and generated bodies for the public forms, sent to the built app. Every rule that decides on
// a path (Maintenance Mode, body limits, the admin's Cache-Control, the HTML cache, page views) must agree with the
// page the router actually renders, and nothing may answer 500. The oracles read what was rendered from the answer
// itself (the site layout, the admin shell, the guard's redirect), never from the server's own path code.
// `npm test` runs a short fuzz (600 cases per database); `npm run test:fuzz` the long one (FUZZ_CASES=5000).
const FUZZ_CASES = Number(process.env.FUZZ_CASES ?? 600);
const PATHS_PER_DATABASE = FUZZ_CASES;
const FORMS_PER_DATABASE = FUZZ_CASES;
const PUBLIC_BODY_LIMIT = 16 * 1024;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const POST_SLUG = 'getting-started-with-web-development';

const NAMES = [
  'admin',
  'media',
  'login',
  'logout',
  'blog',
  'about',
  'assets',
  'language',
  'healthz',
  '__manifest',
  'preview',
  'invite',
  'api',
  'content',
  'settings',
  'users',
  'two-factor',
  'upload',
  'view',
  'seed',
  'hero-photo.jpg',
  'robots.txt',
  'sitemap.xml',
  'sitemaps',
  'pages.xml',
  'posts-1.xml',
  'rss.xml',
  'favicon.ico',
  'x.data',
  'privacy-policy',
  'no-such-page',
  POST_SLUG,
];
const DOTS = ['.', '..', '%2e', '%2E', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '.%2E', '%2E.', '...', '.hidden', '%252e%252e'];
const SEPARATORS = ['/', '/', '/', '/', '//', '\\', '%2f', '%2F', '%5c', '%5C'];
const QUERIES = ['', '', '', '?index', '?page=2', '?page=4242', '?page=1', '?page=02', '?lng=fr', '?x=1', '?page=2&x=1', '#x/../'];

/** A name spelled another way, letter by letter: upper case, or percent-encoded in either case. */
const spelled = fc.tuple(fc.constantFrom(...NAMES), fc.array(fc.nat(9), { minLength: 40, maxLength: 40 })).map(([name, dice]) =>
  [...name]
    .map((char, i) => {
      const die = dice[i % dice.length]!;
      const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
      if (die === 1) return char.toUpperCase();
      if (die === 2) return `%${hex}`;
      if (die === 3) return `%${hex.toUpperCase()}`;
      return char;
    })
    .join(''),
);
const segment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 3, arbitrary: spelled },
  { weight: 3, arbitrary: fc.constantFrom(...DOTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }).map(encodeURIComponent) },
  // Latin-1 characters go out as raw bytes (Node's client sends nothing above \u00ff).
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.integer({ min: 0xa1, max: 0xff }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 4 }),
  },
  { weight: 1, arbitrary: fc.constant('') },
);
const rawPath = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...SEPARATORS), segment), { minLength: 1, maxLength: 5 }),
    fc.constantFrom('', '', '/', '.data'),
    fc.constantFrom(...QUERIES),
  )
  .map(([parts, tail, query]) => `${parts.map(([separator, name]) => separator + name).join('')}${tail}${query}`)
  .filter((path) => path.startsWith('/'));

/** Refused before any rule: a dot segment (Atelier), or bytes Node's HTTP parser does not take in a path (its bare 400). */
const isRefusal = (reply: Reply) =>
  reply.status === 400 && (reply.body.includes('dot segment') || reply.headers['content-type'] === undefined);
/** The staff guard sending an anonymous visitor to sign in: a redirect, or for a data request (….data) the same redirect encoded in a 202. */
const isGuardRedirect = (reply: Reply) =>
  (reply.status >= 300 && reply.status < 400 && /^\/login\?redirectTo=/.test(String(reply.headers.location))) ||
  (reply.status === 202 && reply.body.includes('/login?redirectTo='));
/**
 * Whether the guard's answer is for the admin area: the path it sends back to (the router's own URL, still
 * percent-encoded as the URL parser left it) is /admin or under it, once decoded as the router decodes it.
 */
function isAdminArea(reply: Reply): boolean {
  if (!isGuardRedirect(reply)) return false;
  const back = /\/login\?redirectTo=([^"&\\]+)/.exec(reply.status === 202 ? reply.body : String(reply.headers.location))?.[1] ?? '';
  let path = '';
  try {
    path = decodeURIComponent(back)
      .split('?')[0]!
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/')
      .toLowerCase();
  } catch {
    return false;
  }
  return path === '/admin' || path.startsWith('/admin/');
}
const isSitePage = (reply: Reply) => reply.status === 200 && reply.body.includes('<main id="main"');
const isAdminPage = (reply: Reply) => reply.body.includes('aria-label="Admin"');
const isLoginPage = (reply: Reply) => reply.body.includes('<form id="login"');
const isMaintenance = (reply: Reply) => reply.status === 503 && reply.headers['retry-after'] !== undefined;
const isPersonal = (reply: Reply) => reply.headers['cache-control'] === 'private, no-store';

describe.each(serverDialects)('generated raw paths and public form bodies on %s', (dialect) => {
  let server: BuiltServer;
  let cookie: string;
  /** The public URLs the cache may store: the sitemap's pages and the feeds (and the blog's page numbers). */
  let canonical: Set<string>;
  const tried: string[] = [];
  /** Per generated path, what the router rendered for an anonymous visitor. */
  const anonymous = new Map<string, Reply>();
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

  beforeAll(async () => {
    server = await startBuiltServer(dialect);
    cookie = await server.signInAsAdmin();
    canonical = new Set(['/robots.txt', '/sitemap.xml', '/rss.xml']);
    // The sitemap index, then the pages of every file it lists.
    const index = (await server.send('GET', '/sitemap.xml')).body;
    for (const file of index.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)) {
      canonical.add(file[1]!);
      const sitemap = (await server.send('GET', file[1]!)).body;
      for (const match of sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)) canonical.add(match[1]!);
    }
    expect(canonical.has('/')).toBe(true);
    expect(canonical.has(`/blog/${POST_SLUG}`)).toBe(true);
  }, 60_000);
  afterAll(() => server.close());

  const setMaintenance = (on: boolean) => server.setMaintenance(cookie, on);

  it(
    `applies the cache, admin-header, body-limit and page-view rules to the page rendered, for ${PATHS_PER_DATABASE} raw paths`,
    async () => {
      await fc.assert(
        fc.asyncProperty(rawPath, fc.nat(9), async (path, die) => {
          tried.push(path);
          const reply = await server.send('GET', path, { headers: { 'User-Agent': BROWSER } });
          anonymous.set(path, reply);
          expect(reply.status, `GET ${path}: ${reply.body.slice(0, 200)}`).not.toBe(500);
          // The cache stores and answers only the canonical spelling of a public URL, and only its pages.
          const cache = reply.headers['x-cache'];
          if (cache === 'HIT' || cache === 'MISS') {
            // A fragment is no part of what is asked for.
            const [pathname, query = ''] = path.split('#')[0]!.split('?');
            expect(canonical.has(pathname!) && (query === '' || (pathname === '/blog' && /^page=[2-9]\d*$/.test(query))), path).toBe(true);
            expect(isAdminPage(reply) || isLoginPage(reply), path).toBe(false);
          }
          // The admin's answers (its guard's redirect) and the sign-in page are personal; the site's pages are not.
          if (isGuardRedirect(reply) || isLoginPage(reply)) expect(isPersonal(reply), `GET ${path} is the admin or sign-in`).toBe(true);
          if (isSitePage(reply)) expect(isPersonal(reply), `GET ${path} is a site page`).toBe(false);

          // Signed in, an admin page in any spelling is private.
          if (isGuardRedirect(reply) || die < 2) {
            const staff = await server.send('GET', path, { headers: { Cookie: cookie } });
            expect(staff.status, `staff GET ${path}`).not.toBe(500);
            if (isAdminPage(staff)) {
              expect(isPersonal(staff), `staff GET ${path} is an admin page`).toBe(true);
              expect(staff.headers['x-cache'], path).toBeUndefined();
            }
          }

          // A 20 KB form: over the public limit, under the admin's. Only the admin may read it.
          const post = await server.send('POST', path, { headers: form, body: `message=${'x'.repeat(20 * 1024)}` });
          expect(post.status, `POST ${path}: ${post.body.slice(0, 200)}`).not.toBe(500);
          if (!isRefusal(post)) expect(post.status === 413, `POST ${path} answered ${post.status}`).toBe(!isAdminArea(reply));
        }),
        // One case of each kind of answer always runs first, so the check below holds whatever the random cases are.
        {
          numRuns: PATHS_PER_DATABASE,
          examples: [
            ['/admin', 0],
            ['/blog', 0],
            ['/blog/%2e%2e/admin', 0],
            ['/no-such-page', 0],
          ],
        },
      );
      // The cases reached every kind of answer, not one gate in front of them.
      const kinds = [...anonymous.values()];
      expect(kinds.some(isRefusal)).toBe(true);
      expect(kinds.some(isSitePage)).toBe(true);
      expect(kinds.some(isAdminArea)).toBe(true);
      expect(kinds.some((reply) => reply.status === 404)).toBe(true);
    },
    Math.max(900_000, FUZZ_CASES * 250),
  );

  it('counted page views only on the paths of the public pages rendered', async () => {
    await server.send('GET', '/', { headers: { 'User-Agent': `${BROWSER} last` } });
    // Views are written every 10 seconds.
    const deadline = Date.now() + 20_000;
    let paths: string[] = [];
    while (Date.now() < deadline) {
      paths = (await server.rows('select distinct path from page_views')).map((row) => String(row.path));
      if (paths.includes('/')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(paths).toContain('/');
    for (const path of paths) expect(canonical.has(path), `a view of ${path}`).toBe(true);
  }, 30_000);

  it(`Maintenance Mode: a visitor never sees the site, and sign-in and the admin stay reachable, for the same ${PATHS_PER_DATABASE} paths`, async () => {
    // The paths of the first property (or as many fresh ones, when it stopped early), as answered outside maintenance.
    const paths = tried.length >= PATHS_PER_DATABASE ? tried : fc.sample(rawPath, PATHS_PER_DATABASE);
    for (const path of paths) if (!anonymous.has(path)) anonymous.set(path, await server.send('GET', path));
    await setMaintenance(true);
    try {
      for (const path of paths) {
        const reply = await server.send('GET', path, { headers: { 'User-Agent': BROWSER } });
        expect(reply.status, `GET ${path}`).not.toBe(500);
        if (!isMaintenance(reply)) expect(isSitePage(reply), `GET ${path} showed the site in maintenance`).toBe(false);
        const before = anonymous.get(path)!;
        if (isAdminArea(before) || isLoginPage(before)) expect(isMaintenance(reply), `GET ${path} is the admin or sign-in`).toBe(false);
      }
    } finally {
      await setMaintenance(false);
    }
  }, 900_000);

  it(
    `answers ${FORMS_PER_DATABASE} generated bodies for the public forms with no 500, under the public body limit`,
    async () => {
      const postId = /data-post-id="([^"]+)"/.exec((await server.send('GET', `/blog/${POST_SLUG}`)).body)?.[1];
      expect(postId).toBeTruthy();
      await server.send('GET', '/');
      const cachedBefore = htmlCacheStats().entries;
      const targets = [
        {
          paths: ['/?index', '/?index=', '/?index&x=1', '/?x=1&index'],
          fields: ['firstName', 'lastName', 'email', 'phone', 'subject', 'message', 'website', 'formStarted', 'formScript'],
        },
        { paths: ['/language', '/Language', '/%6Canguage', '/language/'], fields: ['lng', 'redirectTo'] },
        { paths: [`/blog/${POST_SLUG}/view`, '/blog/anything/view', `/BLOG/${POST_SLUG}/view`], fields: ['id'] },
        { paths: ['/login', '/LOGIN', '/%6cogin', '/login?redirectTo=/admin'], fields: ['email', 'password', 'redirectTo'] },
      ];
      const value = fc.oneof(
        fc.constantFrom(
          '',
          'fr',
          'en',
          'admin@example.com',
          '/admin',
          '//evil.example',
          '../../etc',
          'on',
          '1',
          postId!,
          'javascript:alert(1)',
        ),
        fc.string({ maxLength: 100 }),
        fc.string({ unit: 'binary', maxLength: 100 }),
        fc.integer({ min: 1, max: 24_000 }).map((size) => 'é'.repeat(Math.ceil(size / 6))),
        fc.integer({ min: PUBLIC_BODY_LIMIT - 200, max: PUBLIC_BODY_LIMIT + 200 }).map((size) => 'a'.repeat(size)),
      );
      const submission = fc.record({
        target: fc.constantFrom(...targets),
        pathIndex: fc.nat(3),
        fields: fc.array(fc.tuple(fc.oneof(fc.nat(8), fc.string({ maxLength: 12 })), value), { maxLength: 8 }),
        type: fc.constantFrom(
          'application/x-www-form-urlencoded',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=----atelier',
          'text/plain',
          'application/json',
        ),
        userAgent: fc.constantFrom(BROWSER, '', 'curl/8.5.0', `${BROWSER} other`),
      });
      await fc.assert(
        fc.asyncProperty(submission, async ({ target, pathIndex, fields, type, userAgent }) => {
          const path = target.paths[pathIndex % target.paths.length]!;
          const named = fields.map(([name, text]): [string, string] => [
            typeof name === 'number' ? (target.fields[name % target.fields.length] ?? 'x') : name,
            text,
          ]);
          const body = type.startsWith('multipart/')
            ? `${named.map(([name, text]) => `------atelier\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${text}\r\n`).join('')}------atelier--\r\n`
            : type === 'application/json'
              ? JSON.stringify(Object.fromEntries(named))
              : named.map(([name, text]) => `${encodeURIComponent(name)}=${encodeURIComponent(text)}`).join('&');
          const reply = await server.send('POST', path, { headers: { 'Content-Type': type, 'User-Agent': userAgent }, body });
          expect(reply.status, `POST ${path} (${Buffer.byteLength(body)} bytes): ${reply.body.slice(0, 200)}`).not.toBe(500);
          // The public limit, whatever the spelling of the form's address: refused before reading past it, never below it.
          expect(reply.status === 413, `POST ${path} with ${Buffer.byteLength(body)} bytes answered ${reply.status}`).toBe(
            Buffer.byteLength(body) > PUBLIC_BODY_LIMIT,
          );
          expect(reply.headers['x-cache'], path).toBeUndefined();
        }),
        { numRuns: FORMS_PER_DATABASE },
      );
      // No anonymous form emptied the public cache.
      expect(htmlCacheStats().entries).toBeGreaterThanOrEqual(cachedBefore);
      expect((await server.send('GET', '/')).headers['x-cache']).toBe('HIT');
    },
    Math.max(900_000, FUZZ_CASES * 250),
  );
});
