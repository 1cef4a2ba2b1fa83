import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshDatabase, type Instance, postgresAdminUrl, startInstance, stopInstances } from '#tests/support/instances.ts';
import { freePort, request } from '#tests/support/server-process.ts';

const NGINX = '/usr/sbin/nginx';

/** docs/deploy/multi-instance.md's upstream and retry rules, on plain HTTP with this run's ports and paths. */
function nginxConfig(work: string, port: number, upstreams: number[]): string {
  return `worker_processes 1;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
user root;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  upstream atelier {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=2 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_next_upstream error timeout http_502 http_503 http_504;
    proxy_next_upstream_tries 2;
    proxy_next_upstream_timeout 10s;
    location / { proxy_pass http://atelier; }
  }
}
`;
}

// Decision 031 through a real nginx: visitors see no failed request while one of two instances stops (SIGTERM) or
// dies (SIGKILL) under their load.
describe.runIf(postgresAdminUrl && existsSync(NGINX))('two instances behind nginx', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: Instance, b: Instance;
  let nginx: ChildProcess;
  let port: number;

  beforeAll(async () => {
    database = await freshDatabase();
    const env = { ALLOWED_HOSTS: '127.0.0.1' };
    a = await startInstance(database.url, env);
    await a.listening;
    b = await startInstance(database.url, env);
    await b.listening;
    port = await freePort();
    const work = mkdtempSync(path.join(tmpdir(), 'atelier-nginx-'));
    writeFileSync(path.join(work, 'nginx.conf'), nginxConfig(work, port, [a.port, b.port]));
    nginx = spawn(NGINX, ['-p', work, '-c', path.join(work, 'nginx.conf')], { stdio: 'ignore' });
    for (let tries = 0; ; tries++) {
      const ready = await request(port, 'GET', '/healthz').catch(() => null);
      if (ready?.status === 200) break;
      if (tries > 100) throw new Error('nginx did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 60_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await stopInstances([a, b]);
    await database?.drop();
  });

  /** Visitors asking for public pages through nginx until `stop()`; answers the statuses other than 200. */
  function visitors(count: number) {
    let stopped = false;
    const failures: string[] = [];
    let served = 0;
    const one = async (i: number) => {
      const pages = ['/', '/blog', '/about', '/readyz'];
      for (let n = i; !stopped; n++) {
        const reply = await request(port, 'GET', pages[n % pages.length]!).catch((error: Error) => ({ status: 0, body: error.message }));
        if (reply.status === 200) served++;
        else failures.push(`${pages[n % pages.length]} ${reply.status}`);
      }
    };
    const running = Array.from({ length: count }, (_, i) => one(i));
    return {
      stop: async () => {
        stopped = true;
        await Promise.all(running);
        return { failures, served };
      },
    };
  }

  it('answers every request while A stops with SIGTERM, then while a restarted A dies with SIGKILL', async () => {
    const load = visitors(8);
    await new Promise((resolve) => setTimeout(resolve, 700));
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const graceful = await load.stop();
    expect(graceful.failures).toEqual([]);

    // A again on its port, then killed outright under load: nginx retries the requests it lost on B.
    const restarted = await startInstance(database.url, { ALLOWED_HOSTS: '127.0.0.1', PORT: String(a.port) });
    await restarted.listening;
    a = restarted;
    const second = visitors(8);
    await new Promise((resolve) => setTimeout(resolve, 700));
    a.child.kill('SIGKILL');
    await a.exited;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const killed = await second.stop();
    expect(killed.failures).toEqual([]);
    console.log(`through nginx: ${graceful.served} answers across a SIGTERM, ${killed.served} across a SIGKILL, none failed`);
  });
});
