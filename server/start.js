// Starts Atelier's HTTP server: the built app in production, Vite's dev server in development.
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

// Variables already set in the environment win over the .env file.
if (existsSync('.env')) process.loadEnvFile('.env');

const development = process.env.NODE_ENV === 'development';
const SHUTDOWN_GRACE_MS = 10_000;

async function loadApp() {
  if (!development) {
    const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
    const { createServerApp } = await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href);
    return createServerApp();
  }
  const vite = await import('vite').then(({ createServer }) => createServer({ server: { middlewareMode: true } }));
  const { createServerApp } = await vite.ssrLoadModule('./server/app.ts');
  return createServerApp({ devMiddleware: vite.middlewares });
}

let serverApp;
try {
  serverApp = await loadApp();
} catch (error) {
  console.error(`Atelier could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const { handler, env, close } = serverApp;
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
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing in-flight requests, then closing the database.`);
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
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
