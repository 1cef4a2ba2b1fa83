import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type BuiltServer, serverDialects, startBuiltServer } from '#tests/support/built-server.ts';

// Request bodies and headers that used to stall, crash or fool the server, sent as raw HTTP to the
// built app: the contact form's e-mail pattern (ReDoS), form-field shapes that explode in the form
// parser, and a client-written X-Forwarded-For.
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

function encode(fields: [string, string][]): string {
  return fields.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
}

function contact(overrides: Record<string, string> = {}): string {
  return new URLSearchParams({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    subject: 'A project',
    message: 'Hello',
    ...overrides,
  }).toString();
}

describe.each(serverDialects)('hostile request bodies on %s', (dialect) => {
  let server: BuiltServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startBuiltServer(dialect);
    cookie = await server.signInAsAdmin();
  });
  afterAll(() => server.close());

  it('refuses a 900 KB contact form (under the old 1 MB limit) before reading it, and the site keeps answering', async () => {
    const started = Date.now();
    const [attack, health] = await Promise.all([
      server.send('POST', '/?index', { headers: form, body: contact({ email: `a@${'.'.repeat(900 * 1024)}@` }) }),
      server.send('GET', '/healthz'),
    ]);
    expect(attack.status).toBe(413);
    expect(attack.body).toContain('the limit is 16 KB');
    expect(health.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers a contact form whose e-mail is a long run of dots at once, with the e-mail error', async () => {
    const started = Date.now();
    const reply = await server.send('POST', '/?index', { headers: form, body: contact({ email: `a@${'.'.repeat(15_000)}@` }) });
    expect(reply.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await server.send('GET', '/healthz')).status).toBe(200);
  });

  it.each([
    ['an array index of ten million', [['categories[10000000]', 'x']]],
    ['an array index of a hundred million', [['categories[100000000]', 'x']]],
    ['a name nested 5,000 levels deep', [[`title${'[0]'.repeat(5000)}`, 'x']]],
    ['a name nested with dots', [[`seo${'.a'.repeat(20)}`, 'x']]],
    ['a 10,000-character field name', [['t'.repeat(10_000), 'x']]],
    ['5,000 fields', Array.from({ length: 5000 }, (_, i): [string, string] => [`f${i}`, 'x'])],
  ] as [string, [string, string][]][])('answers 400 to a post save with %s, quickly and without growing memory', async (_label, fields) => {
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const reply = await server.send('POST', '/admin/blog/new', {
      headers: { ...form, Cookie: cookie },
      body: encode([['title', 'Shape attack'], ...fields]),
    });
    expect(reply.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(reply.body.length).toBeLessThan(200_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('still saves an honest post form with a few categories', async () => {
    const reply = await server.send('POST', '/admin/blog/new', {
      headers: { ...form, Cookie: cookie },
      body: encode([
        ['title', 'Within bounds'],
        ['slug', ''],
        ['content', 'Body'],
        ['excerpt', 'Short'],
        ['status', 'draft'],
        ['publishDate', ''],
        ['categories[0]', 'x'],
        ['categories[1]', 'y'],
      ]),
    });
    // Unknown category ids are a field error (400 with the form), never a shape refusal or a 500.
    expect([200, 302, 400]).toContain(reply.status);
    expect(reply.body).not.toContain('could not be read');
  });

  it('counts contact messages by the socket address: a forged X-Forwarded-For does not reset the limit', async () => {
    // TRUST_PROXY is unset: no proxy is trusted, so every request below comes from 127.0.0.1.
    // Sent as a person sends it (the form's signed timestamp, past the minimum fill time), so the spam filter lets
    // it through and the people's limit, not the higher one for spam, is the one under test.
    // Fetched as staff, so the page is rendered now by this server, not taken from the HTML cache.
    const page = await server.send('GET', '/', { headers: { Cookie: cookie } });
    const formStarted = /name="formStarted" value="([^"]+)"/.exec(page.body)?.[1];
    expect(formStarted).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const reply = await server.send('POST', '/?index', {
        headers: { ...form, 'X-Forwarded-For': `203.0.113.${i + 1}` },
        body: contact({ subject: `Forged address ${i}`, formStarted: formStarted! }),
      });
      statuses.push(reply.status);
    }
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
  });
});
