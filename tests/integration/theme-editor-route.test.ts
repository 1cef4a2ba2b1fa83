import path from 'node:path';

import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type BuiltServer, serverDialects, startBuiltServer } from '#tests/support/built-server.ts';

// The theme editor's loader and action through the built app on each database: what a browser
// gets for a good save, a stale one, malformed and oversized bodies, and a theme whose stored JSON is unreadable.

async function sql(dialect: 'sqlite' | 'postgres', statement: string) {
  if (dialect === 'sqlite') {
    const db = new Database(path.join(process.env.DATA_DIR!, 'atelier.sqlite'));
    try {
      db.exec(statement);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.each(serverDialects)('the theme editor route on %s', (dialect) => {
  let server: BuiltServer;
  let cookie: string;
  const url = '/admin/themes/modern-dark/edit';
  const post = (fields: Record<string, string>) =>
    server.send('POST', url, {
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.origin },
      body: new URLSearchParams(fields).toString(),
    });
  const save = (theme: unknown) => post({ intent: 'save', theme: typeof theme === 'string' ? theme : JSON.stringify(theme) });

  beforeAll(async () => {
    server = await startBuiltServer(dialect);
    cookie = await server.signInAsAdmin();
  }, 60_000);
  afterAll(() => server.close());

  it('saves on the opened version and refuses a second save made on the same version', async () => {
    const page = await server.send('GET', url, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Editing theme');
    const theme = {
      name: 'Modern Dark',
      version: 1,
      settings: { primaryColor: '#123456' },
      sections: { hero: { css: 'h1 { color: red; }' } },
    };
    const first = await save(theme);
    expect(first.status).toBe(200);
    const reopened = await server.send('GET', url, { headers: { Cookie: cookie } });
    expect(reopened.body).toContain('#123456');
    const second = await save(theme);
    expect(second.status).toBe(409);
    expect(second.body).toContain('changed by someone else');
  });

  it('answers malformed, invalid and oversized saves with a 4xx and a message, changing nothing', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: 'save', theme: '{"name":' }, 400, 'could not be read'],
      [{ intent: 'save' }, 400, 'missing'],
      [
        { intent: 'save', theme: JSON.stringify({ name: 'X', version: 2, settings: { bodyFont: 'Comic Sans' }, sections: {} }) },
        400,
        'installed fonts',
      ],
      [
        { intent: 'save', theme: JSON.stringify({ name: 'X', version: 2, settings: {}, sections: { hero: { css: 'h1 {' } } }) },
        400,
        'leaves a block open',
      ],
      [
        { intent: 'save', theme: JSON.stringify({ name: 'X', version: 2, settings: {}, sections: { hero: { html: '{{#items}}' } } }) },
        400,
        'not a valid template',
      ],
      [{ intent: 'save', theme: 'x'.repeat(600_000) }, 413, '256 KB'],
      [{ intent: 'restore', revisionId: 'nope', version: '2' }, 404, 'no longer kept'],
      [{ intent: 'restore', revisionId: '', version: 'x' }, 400, 'Choose a version'],
      [{ intent: 'dance' }, 400, 'Unknown action'],
    ];
    for (const [fields, status, message] of cases) {
      const reply = await post(fields);
      expect(reply.status, `${JSON.stringify(fields).slice(0, 80)} → ${reply.body.slice(0, 200)}`).toBe(status);
      expect(reply.body).toContain(message);
    }
    // Version 2 is still current: a save on it goes through.
    expect((await save({ name: 'Modern Dark', version: 2, settings: {}, sections: {} })).status).toBe(200);
  });

  it('shows the spec message for a theme whose stored JSON cannot be parsed, with defaults in its place', async () => {
    await sql(dialect, `update themes set settings = '{not json', data = '[' where id = 'modern-dark'`);
    const page = await server.send('GET', url, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Failed to load theme data. Please check the console for details.');
    expect(page.body).toContain('Dismiss');
  });

  it('a theme that does not exist: No Theme Selected, and saving it is refused', async () => {
    const page = await server.send('GET', '/admin/themes/no-such-theme/edit', { headers: { Cookie: cookie } });
    expect(page.status).toBe(404);
    expect(page.body).toContain('No Theme Selected');
    expect(page.body).toContain('Please select a theme to edit.');
    const reply = await server.send('POST', '/admin/themes/no-such-theme/edit', {
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.origin },
      body: new URLSearchParams({
        intent: 'save',
        theme: JSON.stringify({ name: 'X', version: 1, settings: {}, sections: {} }),
      }).toString(),
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toContain('Cannot save: No theme selected');
  });
});
