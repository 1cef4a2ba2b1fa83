// Starts Atelier's HTTP server: the built app in production, Vite's dev server in development.
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

// Variables already set in the environment win over the .env file.
if (existsSync('.env')) process.loadEnvFile('.env');
// Unset means production, as the validated environment reads it (app/env.server.ts). Set here, before the build is
// imported, because React picks its build from process.env.NODE_ENV when first loaded: unset would load React's
// development build, which renders each page 2 to 3 times slower.
process.env.NODE_ENV ??= 'production';

const development = process.env.NODE_ENV === 'development';
const SHUTDOWN_GRACE_MS = 10_000;

const buildEntry = () => import(pathToFileURL(path.join(path.resolve(process.env.BUILD_DIR ?? 'build'), 'server/index.js')).href);

async function loadApp() {
  if (!development) {
    const { createServerApp } = await buildEntry();
    return createServerApp();
  }
  const vite = await import('vite').then(({ createServer }) => createServer({ server: { middlewareMode: true } }));
  const { createServerApp } = await vite.ssrLoadModule('./server/app.ts');
  return createServerApp({ devMiddleware: vite.middlewares });
}

/**
 * WEB_CONCURRENCY=N (N > 1, production): this process prepares the database once, then forks N
 * workers that share the port (Node cluster) and relays cache invalidations between them
 * (server/cluster-sync.ts). A worker that dies is replaced; SIGTERM is passed on to every worker.
 */
async function runPrimary(count) {
  let env;
  try {
    env = await (await buildEntry()).prepareDatabase();
  } catch (error) {
    console.error(`Atelier could not start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  // Per invalidation: the worker that wrote, and the siblings still to acknowledge.
  const waiting = new Map();
  const settle = (id) => {
    const entry = waiting.get(id);
    if (!entry || entry.left.size > 0) return;
    waiting.delete(id);
    if (entry.writer.isConnected()) entry.writer.send({ atelier: 'invalidated-all', id });
  };
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork();
    let listening = false;
    worker.on('listening', () => (listening = true));
    worker.on('message', (message) => {
      if (message?.atelier === 'invalidate') {
        const siblings = Object.values(cluster.workers ?? {}).filter((other) => other && other !== worker && other.isConnected());
        waiting.set(message.id, {
          writer: worker,
          left: new Set(siblings.map((other) => other.id)),
        });
        for (const other of siblings) other.send({ atelier: 'invalidate', id: message.id, shared: message.shared, scope: message.scope });
        settle(message.id);
      } else if (message?.atelier === 'invalidated') {
        waiting.get(message.id)?.left.delete(worker.id);
        settle(message.id);
      }
    });
    worker.on('exit', (code, signal) => {
      for (const [id, entry] of waiting) {
        entry.left.delete(worker.id);
        settle(id);
      }
      if (stopping) return;
      // One that never started would fail again: stop rather than fork in a loop.
      if (!listening) {
        console.error(`Atelier could not start worker ${worker.process.pid} (${signal ?? code}).`);
        stop('SIGTERM');
        process.exitCode = 1;
        return;
      }
      console.error(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
      fork();
    });
  };
  for (let i = 0; i < count; i++) fork();
  console.log(`Atelier is starting ${count} worker processes on ${env.HOST}:${env.PORT}.`);
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

const concurrency = Number(process.env.WEB_CONCURRENCY ?? 1);
if (!development && cluster.isPrimary && Number.isInteger(concurrency) && concurrency > 1) {
  await runPrimary(Math.min(concurrency, 64));
} else {
  await runServer();
}

async function runServer() {
  let serverApp;
  try {
    serverApp = await loadApp();
  } catch (error) {
    console.error(`Atelier could not start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }

  const { handler, env, close, beginShutdown } = serverApp;
  const server = http.createServer(handler);
  server.listen(env.PORT, env.HOST, () => {
    const host = env.HOST === '0.0.0.0' ? 'localhost' : env.HOST;
    console.log(`Atelier is listening on http://${host}:${env.PORT}`);
  });
  server.on('error', (error) => {
    console.error(`Atelier could not listen on ${env.HOST}:${env.PORT}: ${error.message}`);
    process.exit(1);
  });

  let stopping = false;
  async function shutdown(signal) {
    if (stopping) return;
    stopping = true;
    // First /readyz fails, so a load balancer that probes it stops sending; after SHUTDOWN_DELAY_MS (0 by default:
    // nginx retries a refused connection on the other instance) the port closes and in-flight requests finish.
    beginShutdown();
    const delay = env.SHUTDOWN_DELAY_MS;
    console.log(
      `${signal} received: ${delay > 0 ? `not ready; closing the port in ${delay} ms, then ` : ''}finishing in-flight requests, then closing the database.`,
    );
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await close().catch((error) => console.error('Closing the database failed:', error));
      process.exit(0);
    });
    // Keep-alive sockets become idle as their last response ends; close them as they do.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
