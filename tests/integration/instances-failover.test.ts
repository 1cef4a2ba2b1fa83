import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshDatabase, type Instance, postgresAdminUrl, startInstance, stopInstances } from '#tests/support/instances.ts';
import { isSaved, queryData, request, savePost, signInProcessAdmin } from '#tests/support/server-process.ts';

// Issue 27's failover: A is killed with SIGKILL during a burst of saves through both instances; no save either
// acknowledged is lost, and B goes on serving and saving.
describe.runIf(postgresAdminUrl)('one instance killed during writes through two', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: Instance, b: Instance;

  beforeAll(async () => {
    database = await freshDatabase();
    a = await startInstance(database.url);
    await a.listening;
    b = await startInstance(database.url);
    await b.listening;
  }, 60_000);

  afterAll(async () => {
    await stopInstances([a, b]);
    await database?.drop();
  });

  it('loses no acknowledged write when A dies mid-burst, and B keeps serving', async () => {
    const where = { dataDir: '', databaseUrl: database.url };
    const [category] = await queryData(where, 'select id from categories order by id limit 1');
    const categoryId = String(category!.id);
    const cookies = { a: await signInProcessAdmin(a.port), b: await signInProcessAdmin(b.port) };
    const acknowledged: string[] = [];
    const failuresOnB: string[] = [];
    let n = 0;
    let stop = false;
    const writer = async (instance: 'a' | 'b') => {
      while (!stop) {
        const title = `Failover ${instance} ${++n}`;
        const port = instance === 'a' ? a.port : b.port;
        try {
          const reply = await savePost(port, cookies[instance], { title, slug: `failover-${n}`, content: 'Body', categoryId });
          if (isSaved(reply)) acknowledged.push(title);
          else if (instance === 'b') failuresOnB.push(`${reply.status}`);
        } catch (error) {
          if (instance === 'b') failuresOnB.push((error as Error).message);
          // A is gone: its writer stops, as a client would move to the balancer's other instance.
          else return;
        }
      }
    };
    const writers = [writer('a'), writer('a'), writer('b'), writer('b')];
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    a.child.kill('SIGKILL');
    await a.exited;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    stop = true;
    await Promise.all(writers);

    expect(failuresOnB).toEqual([]);
    expect(acknowledged.filter((title) => title.includes(' a ')).length).toBeGreaterThan(0);
    const stored = new Set((await queryData(where, "select title from blog_posts where title like 'Failover %'")).map((row) => row.title));
    expect(acknowledged.filter((title) => !stored.has(title))).toEqual([]);
    // B still answers its public pages and is ready.
    const blog = await request(b.port, 'GET', '/blog');
    expect(blog.status).toBe(200);
    expect((await request(b.port, 'GET', '/readyz')).status).toBe(200);
    console.log(
      `failover: ${acknowledged.length} saves acknowledged (${acknowledged.filter((t) => t.includes(' a ')).length} through A), all stored`,
    );
  });
});
