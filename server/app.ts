import cluster from 'node:cluster';
import { readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { sql } from 'kysely';
import proxyAddr from 'proxy-addr';
import type { ServerBuild } from 'react-router';

import { closeDatabase, getDb } from '#app/db/client.server.ts';
import { type Env, loadEnv, requireSharedSessionSecret } from '#app/env.server.ts';
import type { RequestTransport } from '#app/lib/request-transport.ts';
import { flushPageViews } from '#app/services/analytics/page-views.server.ts';
import { runWithRequestInfo } from '#app/services/audit/request-info.server.ts';
import { removeStaleDownloads } from '#app/services/backup/backup-schedule.server.ts';
import { watchPublicGeneration } from '#app/services/cache/cache-generation.server.ts';
import { startSiteJobs } from '#app/services/jobs/site-jobs.server.ts';
import { storageReachable } from '#app/services/media/storage.server.ts';
import { recoverInterruptedUploads } from '#app/services/media/upload-journal.server.ts';
import { loadSiteBehaviour, siteBehaviour } from '#app/services/settings/site-behaviour.server.ts';
import { databaseNotReady, setUpDatabase } from '#app/services/startup/set-up-database.server.ts';

import { refuseUnknownHosts } from './allowed-hosts.ts';
import { syncPublicCacheAcrossWorkers } from './cluster-sync.ts';
import { maintenanceMode } from './maintenance.ts';
import { pageViewCounter } from './page-views.ts';
import { publicDelivery } from './public/delivery.ts';
import { createCacheFastPath } from './public/fast-path.ts';
import { configureHtmlCache } from './public/page-store.ts';
import { createRenderRequest } from './public/render.ts';
import { serveRedirects } from './redirects.ts';
import { isUnder, refuseDotSegments, requestPath } from './request-path.ts';
import { requestTransport } from './request-transport.ts';
import { allowScriptSources, cspNonce, limitBodySize, refuseCrossOrigin, securityHeaders } from './security.ts';
import { measureForAdministrators } from './server-timings.ts';
import { sendStatusPage, serveStatusPagesWith } from './status-page.ts';

declare module 'react-router' {
  interface AppLoadContext {
    cspNonce: string;
    clientIp: string;
    /** How the request reached the server (TLS, proxy), for the Security tab's connection note. */
    transport?: RequestTransport;
    /** Set only when the server renders its own error page (server/status-page.ts): the status it answers. */
    statusPage?: number;
    /** Adds the sources Settings → Code Injection's scripts load from to this response's Content Security Policy. */
    allowScriptSources?: (sources: readonly string[]) => void;
  }
}

/** Admin forms (the landing content is the largest) and, for uploads, the multipart framing around the file. */
const ADMIN_BODY_LIMIT = 1024 * 1024;
/**
 * Public forms (contact, language, view counter) and sign-in: the contact form's longest honest
 * body, every field at its limit in percent-encoded accented text, is about 14 KB.
 */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** `path` is the request's normalised path (lowercase, decoded as the router decodes it): /ADMIN/… and /%61dmin/… are the admin too. */
function bodyLimitFor(path: string, uploadMaxBytes: number): number {
  if (path.startsWith('/admin/media')) return uploadMaxBytes + ADMIN_BODY_LIMIT;
  if (isUnder(path, '/admin')) return ADMIN_BODY_LIMIT;
  return PUBLIC_BODY_LIMIT;
}

/** Personal pages (the admin, signing in and out, the staff's theme preview): no browser history cache or shared cache may keep them. */
const PERSONAL_PREFIXES = ['/admin', '/login', '/logout', '/preview', '/draft'];

export interface ServerApp {
  app: express.Express;
  /** What the HTTP server runs: cache hits answered before Express, everything else through `app`. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  env: Env;
  /** SIGTERM's first step: /readyz answers 503 from now on, so a load balancer stops sending requests here. */
  beginShutdown: () => void;
  close: () => Promise<void>;
}

/**
 * Builds the Express app: loads the environment, prepares the database, then
 * wires headers, compression, static files, health check and React Router.
 * `devMiddleware` is Vite's, in development; production serves build/client.
 */
/**
 * For the cluster's primary process: checks the environment and migrates and seeds the database
 * once, before the workers start (they would otherwise race to do it), then closes it.
 */
export async function prepareDatabase(): Promise<Env> {
  const env = loadEnv();
  requireSharedSessionSecret(env);
  await setUpDatabase(env);
  await recoverUploads();
  await closeDatabase();
  return env;
}

/**
 * Undoes the uploads a killed process left half-done and removes its abandoned backup downloads; only before anything
 * serves (never in a cluster's worker).
 */
async function recoverUploads(): Promise<void> {
  const undone = await recoverInterruptedUploads(getDb());
  if (undone) console.log(`Removed the files of ${undone} upload(s) interrupted before their row was saved.`);
  await removeStaleDownloads();
}

export async function createServerApp(options: { devMiddleware?: RequestHandler } = {}): Promise<ServerApp> {
  const env = loadEnv();
  requireSharedSessionSecret(env);
  await setUpDatabase(env);
  // A cluster's primary did it before forking; a worker started later must not touch its siblings' uploads.
  if (cluster.isPrimary) await recoverUploads();
  syncPublicCacheAcrossWorkers();
  // Writes through other instances (or other processes on this database) clear this one's pages (decision 031).
  const generationWatch = await watchPublicGeneration({ pollMs: env.CACHE_SYNC_POLL_MS, listen: env.CACHE_SYNC_LISTEN });
  // Timed work (pruning, mail retries, backups, scheduled publishing): claimed in the database, so once per cluster.
  const jobs = await startSiteJobs(env);
  // Maintenance Mode and the Cache TTL apply from the first request, the fast path's included.
  await loadSiteBehaviour();
  const development = !!options.devMiddleware;

  const app = express();
  app.disable('x-powered-by');
  // A hop count or the proxies' addresses (never "everyone"): X-Forwarded-For is the client's to write.
  app.set('trust proxy', env.TRUST_PROXY);
  // req.ip's own rule, for requests answered before Express too (the cache-hit fast path counts page views).
  const trust = app.get('trust proxy fn') as Parameters<typeof proxyAddr>[1];
  const { countPageView, countPageViews } = pageViewCounter((req) => proxyAddr(req, trust));
  configureHtmlCache({ maxBytes: env.HTML_CACHE_MAX_BYTES });
  const mediaOrigin = env.MEDIA_DELIVERY === 'redirect' && env.S3_PUBLIC_URL ? new URL(env.S3_PUBLIC_URL).origin : undefined;
  app.use(cspNonce, securityHeaders({ development, mediaOrigin }));
  // Pages name the configured origin, never the Host header; requests for other hosts are refused
  // (the health check answers any host, for load balancers that probe by address).
  const knownHosts = refuseUnknownHosts(env.ALLOWED_HOSTS);
  const probes = new Set(['/healthz', '/readyz']);
  app.use((req, res, next) => (probes.has(requestPath(req).path) ? next() : knownHosts(req, res, next)));
  // Maintenance Mode turns anonymous visitors away before any page, cached or not, is served.
  app.use(maintenanceMode);
  // Public page views are counted on the cache-hit and the rendering path alike.
  app.use(countPageViews);
  app.use(compression());

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else {
    const client = path.resolve(env.BUILD_DIR, 'client');
    // The build writes each text file's brotli and gzip copies beside it (vite.config.ts): they are sent as
    // they are, where the compression middleware would compress the file again on every request. Its
    // `index: false` also reaches serve-static (the library copies it), so no directory answers with a file.
    const precompressed = (root: string, serveStatic: expressStaticGzip.ExpressStaticGzipOptions['serveStatic']) =>
      expressStaticGzip(root, { enableBrotli: true, orderPreference: ['br', 'gzip'], index: false, serveStatic });
    // File names under /assets carry a content hash, so they never change.
    app.use('/assets', precompressed(path.join(client, 'assets'), { immutable: true, maxAge: '1y' }));
    // Only requests under a top-level name that exists in build/client reach the file system:
    // pages (/, /blog, /about…) would otherwise cost a stat() each before falling through.
    const files = precompressed(client, { maxAge: '1h' });
    const topLevel = new Set(readdirSync(client).filter((name) => name !== 'assets'));
    app.use((req, res, next) => (topLevel.has(requestPath(req).path.split('/', 2)[1] ?? '') ? files(req, res, next) : next()));
  }

  app.get('/healthz', async (_req, res) => {
    try {
      await sql`select 1`.execute(getDb());
      res.set('Cache-Control', 'no-store').json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  });
  // Ready to take traffic (decision 031): not shutting down, the database answers with every migration this code
  // knows, the media storage answers. Load balancers route by this one; /healthz only says the process is alive.
  let shuttingDown = false;
  app.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (shuttingDown) return void res.status(503).json({ status: 'stopping' });
    const database = await databaseNotReady(getDb());
    if (database) return void res.status(503).json({ status: 'unavailable', reason: database });
    const storage = await storageReachable().catch(() => false);
    if (!storage) return void res.status(503).json({ status: 'unavailable', reason: 'media storage unreachable' });
    res.json({ status: 'ready' });
  });

  app.use(refuseCrossOrigin);
  // Audit entries written while this request runs say where it came from.
  app.use((req, _res, next) => runWithRequestInfo({ ip: req.ip ?? '', userAgent: req.get('user-agent') ?? '' }, next));
  app.use(limitBodySize((req) => bodyLimitFor(requestPath(req).path, env.UPLOAD_MAX_BYTES)));
  // Debug Mode: an administrator's requests are timed (database, render, cache) for Server-Timing.
  app.use(measureForAdministrators);

  // In production the build is resolved once: handing React Router a function would make it derive
  // its routes and request handler again on every request. Vite's dev server swaps modules, so there it stays a function.
  const serverBuild = development ? null : ((await import('virtual:react-router/server-build')) as unknown as ServerBuild);
  const build = serverBuild ?? (() => import('virtual:react-router/server-build') as unknown as Promise<ServerBuild>);
  const mode = development ? 'development' : 'production';
  app.use((req, res, next) => {
    const path = requestPath(req).path;
    if (PERSONAL_PREFIXES.some((prefix) => isUnder(path, prefix))) res.setHeader('Cache-Control', 'private, no-store');
    next();
  });
  // Settings → Advanced → Discourage search engines: every answer says noindex (kept by cached pages, which the
  // setting's change clears); the pages' head says it too (root.tsx).
  app.use((_req, res, next) => {
    if (siteBehaviour().discourageSearchEngines) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    next();
  });
  app.use((req, res, next) => {
    // A theme preview is one user's page: no cache of any kind keeps it, no search engine lists it.
    if ('theme-preview' in req.query || 'theme-draft' in req.query || isUnder(requestPath(req).path, '/draft')) {
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Robots-Tag', 'noindex');
    }
    next();
  });
  // Public pages and feeds (server/public/): from the page store, or rendered (and stored when they may be shared).
  const loadContext = (req: express.Request, res: express.Response) => ({
    cspNonce: res.locals.cspNonce as string,
    clientIp: req.ip ?? '',
    transport: requestTransport(req),
    allowScriptSources: (sources: readonly string[]) => allowScriptSources(res, sources),
  });
  // Settings → Redirects, before any page (and so before any 404) is rendered.
  app.use(serveRedirects);
  const render = createRenderRequest(build, mode);
  app.use(publicDelivery({ build, render, loadContext }));
  // The server's own error pages (Maintenance Mode, a refused cross-origin form, an error outside any route) in the site's look.
  serveStatusPagesWith(render, loadContext);
  app.all('/{*splat}', createRequestHandler({ build, mode, getLoadContext: loadContext }));

  // Last resort: a visitor never sees a stack trace; outside the admin they get the site's page for 500 when it can be rendered.
  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    console.error(error);
    if (res.headersSent) return res.end();
    const plain = () => res.status(500).type('text/plain').send('Unexpected Application Error!');
    if (isUnder(requestPath(req).path, '/admin')) return plain();
    void sendStatusPage(req, res, 500, plain);
  };
  app.use(onError);

  const close = async () => {
    await generationWatch.stop();
    await jobs.stop();
    await flushPageViews().catch((error: unknown) => console.error('Could not write page views:', error));
    await closeDatabase();
  };
  const answerCacheHit = createCacheFastPath({ allowedHosts: env.ALLOWED_HOSTS, onHit: countPageView });
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    // First of all: a path the router would resolve differently from how it is spelled never reaches a rule.
    if (refuseDotSegments(req, res)) return;
    if (!answerCacheHit(req, res)) app(req, res);
  };
  return { app, handler, env, close, beginShutdown: () => (shuttingDown = true) };
}
