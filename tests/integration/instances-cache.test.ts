import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshDatabase, postgresAdminUrl, startInstance, stopInstances } from '#tests/support/instances.ts';
import { isSaved, queryData, request, savePost, type ServerProcess, signInProcessAdmin } from '#tests/support/server-process.ts';

// Decision 031: a save through instance A reaches the cached pages of instances B (NOTIFY) and C (polling alone,
// as behind a pooler in transaction mode) within the stated bound, 1 second.
describe.runIf(postgresAdminUrl)('cached public pages across instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: ServerProcess, b: ServerProcess, c: ServerProcess;

  beforeAll(async () => {
    database = await freshDatabase();
    a = await startInstance(database.url);
    await a.listening;
    // B hears NOTIFY and polls only once a minute: only the wake-up can bring it the save within 1 s.
    b = await startInstance(database.url, { CACHE_SYNC_POLL_MS: '60000' });
    c = await startInstance(database.url, { CACHE_SYNC_LISTEN: '0' });
    await Promise.all([b.listening, c.listening]);
  }, 60_000);

  afterAll(async () => {
    await stopInstances([a, b, c]);
    await database?.drop();
  });

  /** Asks `instance` for /blog until it shows `title`; answers the milliseconds from `since`. */
  async function seenAfter(instance: ServerProcess, title: string, since: number): Promise<number> {
    for (;;) {
      const reply = await request(instance.port, 'GET', '/blog');
      if (reply.body.includes(title)) return Date.now() - since;
      if (Date.now() - since > 5_000) throw new Error(`${title} never appeared on port ${instance.port}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('shows a post saved through A on B and C within 1 s, from warm caches', async () => {
    const cookie = await signInProcessAdmin(a.port);
    const [category] = await queryData({ dataDir: '', databaseUrl: database.url }, 'select id from categories order by id limit 1');
    const figures: Record<string, number[]> = { notify: [], polling: [] };
    for (let round = 1; round <= 3; round++) {
      // Warm caches: both instances answer /blog from memory before the save.
      for (const instance of [b, c]) {
        await request(instance.port, 'GET', '/blog');
        expect((await request(instance.port, 'GET', '/blog')).headers['x-cache']).toBe('HIT');
      }
      const title = `Across instances ${round}`;
      const saved = await savePost(a.port, cookie, { title, slug: `across-${round}`, content: 'Body', categoryId: String(category!.id) });
      expect(isSaved(saved)).toBe(true);
      const since = Date.now();
      const [notify, polling] = await Promise.all([seenAfter(b, title, since), seenAfter(c, title, since)]);
      figures.notify!.push(notify);
      figures.polling!.push(polling);
    }
    console.log(`cross-instance visibility (ms after the save answered): NOTIFY ${figures.notify} · polling ${figures.polling}`);
    for (const ms of [...figures.notify!, ...figures.polling!]) expect(ms).toBeLessThan(1000);
  });
});
