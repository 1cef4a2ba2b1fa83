import { randomBytes } from 'node:crypto';
import http from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshDatabase, type Instance, postgresAdminUrl, startInstance, stopInstances } from '#tests/support/instances.ts';
import { queryData, request, signInProcessAdmin } from '#tests/support/server-process.ts';
import { png } from '#tests/support/uploads.ts';

// Decision 031: instances starting together on an empty database migrate and seed it once; /readyz says when an
// instance may take traffic; SIGTERM fails /readyz first, then finishes the requests in flight and exits.
describe.runIf(postgresAdminUrl)('instances starting, serving and stopping on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: Instance, b: Instance;

  beforeAll(async () => {
    database = await freshDatabase();
    // Both at once, on an empty database.
    [a, b] = await Promise.all([
      startInstance(database.url, { SHUTDOWN_DELAY_MS: '1500', JOBS_POLL_MS: '200' }),
      startInstance(database.url, { JOBS_POLL_MS: '200' }),
    ]);
    await Promise.all([a.listening, b.listening]);
  }, 60_000);

  afterAll(async () => {
    await stopInstances([a, b]);
    await database?.drop();
  });

  it('migrates and seeds once when two instances start together', async () => {
    const output = a.output() + b.output();
    expect(output.match(/Applied migrations/g)).toHaveLength(1);
    expect(output.match(/Seeded the database/g)).toHaveLength(1);
    const where = { dataDir: '', databaseUrl: database.url };
    expect(await queryData(where, 'select count(*)::int as n from users')).toEqual([{ n: 1 }]);
    expect(await queryData(where, 'select count(*)::int as n from themes where is_active = 1')).toEqual([{ n: 1 }]);
  });

  it('answers /readyz when the database holds every migration, and not once one is missing', async () => {
    for (const instance of [a, b]) expect(JSON.parse((await request(instance.port, 'GET', '/readyz')).body)).toEqual({ status: 'ready' });
    const where = { dataDir: '', databaseUrl: database.url };
    const [last] = await queryData(where, 'select name, timestamp from kysely_migration order by name desc limit 1');
    await queryData(where, 'delete from kysely_migration where name = ?', [last!.name]);
    try {
      const reply = await request(b.port, 'GET', '/readyz');
      expect(reply.status).toBe(503);
      expect(reply.body).toContain(`migrations not applied: ${String(last!.name)}`);
      expect((await request(b.port, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await queryData(where, 'insert into kysely_migration (name, timestamp) values (?, ?)', [last!.name, last!.timestamp]);
    }
  });

  it('publishes a scheduled post once, however many instances run the scheduler', async () => {
    const where = { dataDir: '', databaseUrl: database.url };
    const [post] = await queryData(where, "select id from blog_posts where status = 'published' order by id limit 1");
    const past = new Date(Date.now() - 60_000).toISOString();
    await queryData(where, "update blog_posts set status = 'scheduled', publish_date = ? where id = ?", [past, post!.id]);
    // Due now for both instances' runners (each polls every 200 ms).
    await queryData(where, "update jobs set run_at = ? where id = 'recurring:publish-scheduled'", [past]);
    const started = Date.now();
    for (;;) {
      const [row] = await queryData(where, 'select status from blog_posts where id = ?', [post!.id]);
      if (row!.status === 'published') break;
      if (Date.now() - started > 5_000) throw new Error('the scheduled post was never published');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const audits = await queryData(where, "select count(*)::int as n from audit_log where action = 'content.published' and target_id = ?", [
      post!.id,
    ]);
    expect(audits).toEqual([{ n: 1 }]);
  });

  it('on SIGTERM fails /readyz first, finishes the upload in flight, refuses new connections and exits', async () => {
    const cookie = await signInProcessAdmin(a.port);
    const boundary = `----atelier-stop-${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="late.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.concat([await png(64, 64), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port: a.port,
        method: 'POST',
        path: '/admin/media/upload',
        agent: false,
        headers: {
          Host: `127.0.0.1:${a.port}`,
          Cookie: cookie,
          Accept: 'application/json',
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + tail.length,
        },
      });
      req.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      req.on('error', reject);
      req.write(head);
      // The rest of the body comes after the signal.
      setTimeout(() => {
        a.child.kill('SIGTERM');
        setTimeout(() => req.end(tail), 800);
      }, 300);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const readiness = await request(a.port, 'GET', '/readyz');
    expect(readiness.status).toBe(503);
    expect(JSON.parse(readiness.body)).toEqual({ status: 'stopping' });
    expect(await inFlight).toBe(201);
    const stoppedAt = Date.now();
    expect(await a.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    await expect(request(a.port, 'GET', '/healthz')).rejects.toThrow(/ECONNREFUSED/);
    // The other instance serves on, and has the upload acknowledged by the one that stopped.
    expect((await request(b.port, 'GET', '/readyz')).status).toBe(200);
    const [row] = await queryData(
      { dataDir: '', databaseUrl: database.url },
      "select count(*)::int as n from media where original_name = 'late.png'",
    );
    expect(row).toEqual({ n: 1 });
  });
});
