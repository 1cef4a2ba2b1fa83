import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { closeDatabase, getDb, setDatabase } from '#app/db/client.server.ts';
import { openPostgres } from '#app/db/dialect.server.ts';
import { loadEnv } from '#app/env.server.ts';
import { freshDatabase, postgresAdminUrl, SHARED_SECRET, startInstance, stopInstances } from '#tests/support/instances.ts';
import {
  formPost,
  PROCESS_ADMIN,
  request,
  type ServerProcess,
  signInProcessAdmin,
  startServerProcess,
} from '#tests/support/server-process.ts';
import { codeAt, enrolTwoFactor } from '#tests/support/two-factor.ts';

const cookieOf = (headers: Record<string, unknown>, name: string) =>
  ([] as string[])
    .concat((headers['set-cookie'] as string[] | undefined) ?? [])
    .find((line) => line.startsWith(`${name}=`) && !line.startsWith(`${name}=;`))
    ?.split(';')[0];

// Decision 031: whichever instance answers, a visitor's session, the sign-in limits and a two-factor sign-in hold.
describe.runIf(postgresAdminUrl)('signing in across instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: ServerProcess, b: ServerProcess;

  beforeAll(async () => {
    database = await freshDatabase();
    a = await startInstance(database.url);
    await a.listening;
    b = await startInstance(database.url);
    await b.listening;
  }, 60_000);

  afterAll(async () => {
    await stopInstances([a, b]);
    await closeDatabase();
    await database?.drop();
  });

  it('refuses to start on PostgreSQL without SESSION_SECRET, saying what to do', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-instance-'));
    const lone = startServerProcess({ port: 1, dataDir, databaseUrl: database.url, env: { SESSION_SECRET: '' } });
    expect(await lone.exited).toBe(1);
    expect(lone.output()).toContain('SESSION_SECRET must be set when DATABASE_URL is PostgreSQL.');
    expect(lone.output()).toContain(path.join(dataDir, 'session-secret'));
  });

  it('keeps a session made on A on B, and one ended on B ends on A', async () => {
    const cookie = await signInProcessAdmin(a.port);
    expect((await request(b.port, 'GET', '/admin', { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await request(a.port, 'GET', '/admin', { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await formPost(b.port, '/logout', {}, { Cookie: cookie })).status).toBe(302);
    const after = await request(a.port, 'GET', '/admin', { headers: { Cookie: cookie } });
    expect(after.status).toBe(302);
    expect(after.headers.location).toMatch(/^\/login/);
  });

  it('counts wrong passwords on every instance against one limit', async () => {
    const wrong = { email: 'nobody-here@example.com', password: 'wrong-password' };
    const headers = { 'X-Forwarded-For': '203.0.113.77' };
    const statuses = [];
    // Five wrong passwords for one account from one address are allowed in all, whichever instance took them.
    for (let i = 0; i < 6; i++) statuses.push((await formPost(i % 2 ? b.port : a.port, '/login', wrong, headers)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('finishes on B a two-factor sign-in started on A', async () => {
    // Enrol the administrator through the services, on the same database, under the instances' shared secret.
    loadEnv({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atelier-env-')), SESSION_SECRET: SHARED_SECRET });
    setDatabase(openPostgres(database.url));
    const admin = await getDb()
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', PROCESS_ADMIN.email)
      .executeTakeFirstOrThrow();
    // Enrolled one time step ago, so its first code (used once, never again) is not the one signing in now.
    const { secret } = await enrolTwoFactor(admin, PROCESS_ADMIN.password, new Date(Date.now() - 30_000));

    const first = await formPost(a.port, '/login', { email: PROCESS_ADMIN.email, password: PROCESS_ADMIN.password });
    expect(first.headers.location).toMatch(/^\/login\/two-factor/);
    const challenge = cookieOf(first.headers, 'atelier_sign_in');
    expect(challenge).toBeTruthy();
    const second = await formPost(
      b.port,
      '/login/two-factor',
      { code: await codeAt(secret, new Date()), redirectTo: '/admin' },
      { Cookie: challenge! },
    );
    expect(second.status).toBe(302);
    const session = cookieOf(second.headers, 'atelier_session');
    expect(session).toBeTruthy();
    expect((await request(a.port, 'GET', '/admin', { headers: { Cookie: session! } })).status).toBe(200);
  });
});
