// `npx tsx scripts/public-html-snapshot.ts [FILE]`: the public site's answers (status, headers, body) for the
// seeded site, on the build in BUILD_DIR (default build/) with a fresh SQLite database, as one JSON file (or on
// standard output). Made on two builds, the files are compared with `--compare A B`: the public HTML must stay
// byte-identical through a change of how pages are delivered. What differs per request (the CSP nonce, the contact
// form's signed start time and the ETag and script hashes that follow from it, the Date) is written as a placeholder.
import { readFileSync, writeFileSync } from 'node:fs';

import { startBuiltServer } from '#tests/support/built-server.ts';

const PAGES = ['/', '/blog', '/blog/getting-started-with-web-development', '/about', '/no-such-page', '/blog/no-such-post'];
const FEEDS = ['/sitemap.xml', '/rss.xml', '/robots.txt'];
/** Each page as a visitor gets it: first render (MISS), from the cache (HIT), in French, and rendered for one visitor. */
const VARIANTS: Array<{ name: string; headers: Record<string, string>; query?: string }> = [
  { name: 'miss', headers: {} },
  { name: 'hit', headers: {} },
  { name: 'fr accept-language', headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' } },
  { name: 'fr cookie', headers: { Cookie: 'lng=fr' } },
  { name: 'fr query', headers: {}, query: 'lng=fr' },
  { name: 'rendered (not a session)', headers: { Cookie: 'atelier_session=not-a-session' } },
  { name: 'gzip', headers: { 'Accept-Encoding': 'gzip' } },
];
const DROPPED_HEADERS = new Set(['date', 'connection', 'keep-alive']);

function normalise(text: string): string {
  return (
    text
      .replace(/nonce="[^"]*"/g, 'nonce="…"')
      .replace(/'nonce-[^']*'/g, "'nonce-…'")
      .replace(/name="formStarted" value="[^"]*"/g, 'name="formStarted" value="…"')
      .replace(/name="submission" value="[^"]*"/g, 'name="submission" value="…"')
      // The same signed token in a hydrated page's loader data.
      .replace(/\b\d{13}\.[\w-]{22}\b/g, '<form token>')
      // Written when the database is seeded: row ids and the seeding time.
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
      .replace(new RegExp(new Date().toISOString().slice(0, 10) + 'T[0-9:.]+Z', 'g'), '<seeded at>')
  );
}

async function snapshot(): Promise<Record<string, unknown>> {
  // A fixed origin: pages name it (canonical links), where the port changes from run to run.
  const server = await startBuiltServer('sqlite', { SITE_URL: 'https://www.example.com' });
  const answers: Record<string, unknown> = {};
  try {
    // Pages whose body holds something made per run (a token, an id): their ETag and lengths follow it.
    const random = new Set<string>();
    const record = async (key: string, method: string, target: string, headers: Record<string, string>) => {
      const reply = await server.send(method, target, { headers });
      const path = target.split('?')[0]!;
      if (!headers['Accept-Encoding'] && normalise(reply.body) !== reply.body.replace(/nonce="[^"]*"/g, 'nonce="…"')) random.add(path);
      const kept = Object.entries(reply.headers)
        .filter(([name]) => !DROPPED_HEADERS.has(name))
        .map(([name, value]) => {
          let text = normalise(Array.isArray(value) ? value.join('\n') : String(value));
          // The body holds a signed random token: its hash and its length change with it.
          if (random.has(path) && (name === 'etag' || name === 'content-length')) text = '…';
          return [name, text];
        })
        .sort(([a], [b]) => a!.localeCompare(b!));
      // A gzip body is not text: its length is recorded in the headers (unless it holds the token).
      const body = headers['Accept-Encoding'] ? '(compressed)' : normalise(reply.body);
      answers[key] = { status: reply.status, headers: Object.fromEntries(kept), body };
    };
    for (const page of PAGES) {
      for (const variant of VARIANTS) {
        const target = variant.query ? `${page}${page.includes('?') ? '&' : '?'}${variant.query}` : page;
        await record(`GET ${page} [${variant.name}]`, 'GET', target, variant.headers);
      }
      await record(`HEAD ${page}`, 'HEAD', page, {});
    }
    for (const feed of FEEDS) await record(`GET ${feed}`, 'GET', feed, {});
    // The staff's theme preview, signed in: the page in another theme, never cached.
    const cookie = await server.signInAsAdmin();
    await record('GET /?theme-preview=modern-dark [administrator]', 'GET', '/?theme-preview=modern-dark', { Cookie: cookie });
    await record('GET /blog [administrator]', 'GET', '/blog', { Cookie: cookie });
  } finally {
    await server.close();
  }
  return answers;
}

function compare(aFile: string, bFile: string): number {
  const a = JSON.parse(readFileSync(aFile, 'utf8')) as Record<string, unknown>;
  const b = JSON.parse(readFileSync(bFile, 'utf8')) as Record<string, unknown>;
  let differences = 0;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const left = JSON.stringify(a[key]);
    const right = JSON.stringify(b[key]);
    if (left === right) continue;
    differences++;
    let at = 0;
    while (at < Math.min(left?.length ?? 0, right?.length ?? 0) && left![at] === right![at]) at++;
    console.log(
      `DIFFERENT ${key}\n  ${aFile}: …${left?.slice(Math.max(0, at - 80), at + 120)}\n  ${bFile}: …${right?.slice(Math.max(0, at - 80), at + 120)}`,
    );
  }
  console.log(`${Object.keys(a).length} answers compared, ${differences} different.`);
  return differences;
}

const [first, second, third] = process.argv.slice(2);
if (first === '--compare') {
  process.exitCode = compare(second!, third!) ? 1 : 0;
} else {
  const json = `${JSON.stringify(await snapshot(), null, 1)}\n`;
  if (first) writeFileSync(first, json);
  else process.stdout.write(json);
  // The server's timers (retention, mail) would keep the process alive.
  process.exit(0);
}
