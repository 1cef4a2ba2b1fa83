import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';

// docs/deploy/nginx.conf as documented (TLS, proxy_cache, static files), run by Debian's nginx with a run's own
// ports, paths and a throw-away certificate: for the bench (npm run bench, npm run bench:load) and the tests that
// hold the documented file to what it says.

export const NGINX = '/usr/sbin/nginx';

/** docs/deploy/multi-instance.md's retry rules, added to the server block when there are several upstreams. */
const NEXT_UPSTREAM = `proxy_next_upstream error timeout http_502 http_503 http_504;
        proxy_next_upstream_tries 2;
        proxy_next_upstream_timeout 10s;`;

/**
 * The documented file with this run's `work` folder (pid, logs, cache), ports and certificate; with more than one
 * upstream, multi-instance.md's upstream block (`max_fails=2 fail_timeout=5s`) and retry rules.
 */
export function documentedNginxConfig(
  work: string,
  ports: { https: number; http: number; upstreams: number[] },
  cert: { crt: string; key: string },
): string {
  let config = readFileSync('docs/deploy/nginx.conf', 'utf8');
  const replace = (from: string | RegExp, to: string) => {
    const next = config.replace(from, to);
    if (next === config) throw new Error(`docs/deploy/nginx.conf no longer contains ${from}: update tests/support/documented-nginx.ts`);
    config = next;
  };
  const several = ports.upstreams.length > 1;
  replace('user www-data;', 'user root;');
  replace('worker_processes auto;', 'worker_processes 1;\ndaemon off;');
  replace(/pid \S+;/, `pid ${work}/proxy-nginx.pid;`);
  replace(/error_log \S+ warn;/, `error_log ${work}/proxy-nginx-error.log warn;`);
  replace(/access_log \/var\S+;/, 'access_log off;');
  replace(/proxy_cache_path \S+/, `proxy_cache_path ${work}/proxy-cache`);
  replace(
    'server 127.0.0.1:3000;',
    ports.upstreams.map((port) => `server 127.0.0.1:${port}${several ? ' max_fails=2 fail_timeout=5s' : ''};`).join('\n        '),
  );
  replace(/listen 80;\s*listen \[::\]:80;/, `listen 127.0.0.1:${ports.http};`);
  replace(/listen 443 ssl http2;\s*listen \[::\]:443 ssl http2;/, `listen 127.0.0.1:${ports.https} ssl;`);
  replace(/ssl_certificate \S+;/, `ssl_certificate ${cert.crt};`);
  replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${cert.key};`);
  replace(/root \/srv\S+;/, `root ${path.resolve('build/client')};`);
  if (several)
    replace('proxy_set_header X-Forwarded-Proto $scheme;', `proxy_set_header X-Forwarded-Proto $scheme;\n        ${NEXT_UPSTREAM}`);
  for (const name of ['client_body', 'fastcgi', 'uwsgi', 'scgi'])
    config = config.replace('http {', `http {\n    ${name}_temp_path ${work}/${name};`);
  return config;
}

/** A self-signed certificate for 127.0.0.1 in `work`. */
export function throwAwayCertificate(work: string): { crt: string; key: string } {
  const cert = { crt: path.join(work, 'proxy.crt'), key: path.join(work, 'proxy.key') };
  spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', cert.key, '-out', cert.crt],
    { stdio: 'ignore' },
  );
  return cert;
}

/** Starts nginx on the documented file in `work`; resolves once it answers on `ports.https`. */
export async function startDocumentedNginx(work: string, ports: { https: number; http: number; upstreams: number[] }) {
  writeFileSync(path.join(work, 'proxy-nginx.conf'), documentedNginxConfig(work, ports, throwAwayCertificate(work)));
  const child = spawn(NGINX, ['-p', work, '-c', path.join(work, 'proxy-nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  for (let tries = 0; ; tries++) {
    const ready = await httpsGet(ports.https, '/healthz').catch(() => null);
    if (ready) break;
    if (tries > 100 || child.exitCode !== null) throw new Error(`nginx did not start: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}

interface HttpsReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET through nginx's TLS port (its certificate is the throw-away one). */
export function httpsGet(port: number, target: string, headers: Record<string, string> = {}): Promise<HttpsReply> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method: 'GET',
        headers: { Host: '127.0.0.1', ...headers },
        rejectUnauthorized: false,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${target} timed out`)));
    req.on('error', reject);
    req.end();
  });
}
