import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

import { z } from 'zod';

import { isOverwideSubnet } from '#app/lib/ip-address.ts';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where `npm run build` writes and `npm start` reads the built app (scripts/ensure-build.js and server/start.js read it before this runs). */
  BUILD_DIR: z.string().min(1).default('build'),
  DATABASE_URL: z
    .string()
    .refine((url) => /^postgres(ql)?:\/\//.test(url) || url.startsWith('file:'), {
      message: 'must start with postgres://, postgresql:// or file:',
    })
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email('must be an email address').default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  TRUST_PROXY: z.string().default('0').pipe(z.string().transform(parseTrustProxy)),
  /** Cookies are Secure in production; set 0 only to serve production over plain HTTP on a private network. */
  COOKIE_SECURE: z.enum(['0', '1']).optional(),
  SITE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http:// or https:// URL' })
    .refine((url) => new URL(url).pathname === '/' || new URL(url).pathname === '', 'must be an origin without a path')
    .optional(),
  ALLOWED_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((hosts) => hosts.every((host) => /^(\.?[a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/.test(host)), {
      message: 'must be a comma-separated list of host names, each with an optional :port',
    })
    .optional(),
  /** Total bytes of pages (with their compressed copies) the public HTML cache may hold. */
  HTML_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024 * 1024),
  /** Worker processes sharing the port (Node cluster); 1 runs the app in the started process itself. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** A session unused for this many days ends (sessions last 30 days at most). */
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(30).default(7),
  /** Days the audit log keeps an entry. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** Ports SMTP may use besides the mail ports 25, 465, 587 and 2525: `2526, 8025` or ranges `1024-65535`. */
  SMTP_ALLOWED_PORTS: z.string().default('').pipe(z.string().transform(parsePortRanges)),
  /** 1 lets SMTP reach loopback, private, link-local and unique-local addresses (a relay on this machine or network). */
  SMTP_ALLOW_PRIVATE: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
  /** Days a contact message keeps its sender's address (used only by the spam limits); then the address is erased. */
  CONTACT_IP_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** How often each process looks for due jobs (decision 028); scheduled items go live within this plus 15 s. */
  JOBS_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** On SIGTERM, how long /readyz fails before the port closes (for load balancers that probe it; decision 031). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(5_000).default(0),
  /** Where media files live (decision 031): `local` (DATA_DIR/uploads) or `s3` (an S3-compatible bucket, S3_*). */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** 1: the bucket goes in the path (most S3-compatible servers); 0: in the host name (AWS). */
  S3_FORCE_PATH_STYLE: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
  /** Keys are stored under this prefix in the bucket (e.g. `atelier/`). */
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9._-]*\/)*$/i, 'must be empty or end with /, in letters, digits, dots, dashes and underscores')
    .default(''),
  /**
   * The bucket's public address, or a CDN in front of it, where `<S3_PUBLIC_URL>/<S3_PREFIX><key>` serves a media
   * file (decision 031); used when MEDIA_DELIVERY=redirect.
   */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /**
   * How /media/ answers: `stream` (the file through Atelier, with its cache headers and ranges) or `redirect` (a 302
   * to S3_PUBLIC_URL, so the store or its CDN carries the bytes). redirect needs MEDIA_STORAGE=s3 and S3_PUBLIC_URL.
   */
  MEDIA_DELIVERY: z.enum(['stream', 'redirect']).default('stream'),
  /**
   * Where scheduled backups are kept (Settings → Backups): `local` (DATA_DIR/backups) or `s3` (under `backups/` in
   * BACKUP_S3_BUCKET, else S3_BUCKET, with S3_PREFIX), shared by every instance. Unset: `s3` when MEDIA_STORAGE=s3.
   */
  BACKUP_STORAGE: z.enum(['local', 's3']).optional(),
  /** A bucket of their own for backups (they hold password hashes): required when media are public (MEDIA_DELIVERY=redirect). */
  BACKUP_S3_BUCKET: z.string().min(3).max(63).optional(),
  /**
   * How often each process reads the shared cache generation (decision 031): the bound on how long another
   * instance's write takes to reach this one's cached pages when NOTIFY is off or lost.
   */
  CACHE_SYNC_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  /** 0: no LISTEN connection for cache invalidations, polling alone (PostgreSQL behind a pooler in transaction mode). */
  CACHE_SYNC_LISTEN: z
    .enum(['0', '1'])
    .default('1')
    .transform((value) => value === '1'),
  /**
   * SQLite's commit durability: FULL (default) survives a power cut; NORMAL is faster at each save but an
   * operating-system crash or power cut may lose the last saves already acknowledged (decision 023).
   */
  SQLITE_SYNCHRONOUS: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.enum(['FULL', 'NORMAL'], { error: 'must be FULL or NORMAL' }))
    .default('FULL'),
});

/** `25, 2526, 1024-65535` as inclusive ranges; anything else is refused with a message. */
function parsePortRanges(value: string, context: z.core.$RefinementCtx<string>): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (!entry) continue;
    const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(entry);
    const from = Number(match?.[1]);
    const to = Number(match?.[2] ?? match?.[1]);
    if (!match || from < 1 || to > 65535 || from > to) {
      context.addIssue({ code: 'custom', message: 'must be a comma-separated list of ports (1-65535) or ranges such as 1024-65535' });
      return z.NEVER;
    }
    ranges.push([from, to]);
  }
  return ranges;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An entry's shape: a name, an address, or an address/prefix-length subnet (null when it is none of them). */
function proxyEntry(entry: string): { address: string; bits?: number } | 'name' | null {
  if (PROXY_NAMES.has(entry)) return 'name';
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return null;
  if (bits === undefined) return { address };
  const max = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max ? { address, bits: Number(bits) } : null;
}

/**
 * Express's own `trust proxy` syntax, minus "trust everything": a hop count,
 * or a comma-separated list of proxy addresses, subnets and the names
 * loopback, linklocal and uniquelocal. 0 (the default) trusts nothing, so
 * X-Forwarded-For, which any client can write, never picks the client address.
 * A subnet so wide it holds nearly every client (0.0.0.0/0, ::/0,
 * ::ffff:0:0/96…) is "trust everything" spelled otherwise, and is refused too.
 */
function parseTrustProxy(value: string, context: z.core.$RefinementCtx<string>): false | number | string[] {
  const text = value.trim().toLowerCase();
  if (text === '0' || text === 'false') return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const parsed = entries.map(proxyEntry);
  const overwide = entries.filter((_, i) => {
    const entry = parsed[i];
    return typeof entry === 'object' && entry?.bits !== undefined && isOverwideSubnet(entry.address, entry.bits);
  });
  if (overwide.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `${overwide.join(', ')} would trust nearly every client, and any client can write X-Forwarded-For: name your proxies' own addresses or subnets (at most a /8 of IPv4 or a /7 of IPv6), or a hop count`,
    });
    return z.NEVER;
  }
  if (entries.length > 0 && parsed.every((entry) => entry !== null)) return entries;
  context.addIssue({
    code: 'custom',
    message:
      'must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or subnets (e.g. 10.0.0.1, 172.16.0.0/12, loopback)',
  });
  return z.NEVER;
}

/** The public origin (SITE_URL, else http://localhost:PORT) and the hosts requests may name. */
function withSiteOrigin<T extends { PORT: number; SITE_URL?: string; ALLOWED_HOSTS?: string[] }>(parsed: T) {
  const SITE_URL = new URL(parsed.SITE_URL ?? `http://localhost:${parsed.PORT}`).origin;
  const siteHost = new URL(SITE_URL).host;
  // Unset: the site's own host plus this machine on the configured port (health checks, tests, a local start).
  const listed = parsed.ALLOWED_HOSTS ?? [`localhost:${parsed.PORT}`, `127.0.0.1:${parsed.PORT}`, `[::1]:${parsed.PORT}`];
  return { ...parsed, SITE_URL, ALLOWED_HOSTS: [...new Set([siteHost, ...listed])] };
}

type ParsedEnv = ReturnType<typeof withSiteOrigin<z.infer<typeof envSchema>>>;
export type Env = ParsedEnv & {
  SESSION_SECRET: string;
  DATA_DIR: string;
  /** True when SESSION_SECRET came from the environment, false when it is the one kept in DATA_DIR/session-secret. */
  SESSION_SECRET_SET: boolean;
};

/** Parses the environment once; throws an error naming every bad or missing variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): ParsedEnv {
  // An empty variable (as in a copied .env.example) means "use the default".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema
    .refine((env) => env.MEDIA_STORAGE !== 's3' || !!env.S3_BUCKET, {
      path: ['S3_BUCKET'],
      message: 'is required when MEDIA_STORAGE is s3',
    })
    .refine((env) => (env.BACKUP_STORAGE ?? env.MEDIA_STORAGE) !== 's3' || !!(env.BACKUP_S3_BUCKET ?? env.S3_BUCKET), {
      path: ['BACKUP_STORAGE'],
      message: 's3 needs S3_BUCKET or BACKUP_S3_BUCKET',
    })
    .refine(
      (env) =>
        (env.BACKUP_STORAGE ?? env.MEDIA_STORAGE) !== 's3' ||
        env.MEDIA_DELIVERY !== 'redirect' ||
        (!!env.BACKUP_S3_BUCKET && env.BACKUP_S3_BUCKET !== env.S3_BUCKET),
      {
        path: ['BACKUP_S3_BUCKET'],
        message:
          'must name a bucket other than S3_BUCKET when MEDIA_DELIVERY=redirect (browsers read the media bucket; backups hold password hashes), or set BACKUP_STORAGE=local',
      },
    )
    .refine((env) => env.MEDIA_DELIVERY !== 'redirect' || (env.MEDIA_STORAGE === 's3' && !!env.S3_PUBLIC_URL), {
      path: ['MEDIA_DELIVERY'],
      message: 'redirect needs MEDIA_STORAGE=s3 and S3_PUBLIC_URL (the local disk is served through Atelier)',
    })
    .safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return withSiteOrigin(result.data);
}

/** A secret kept beside the data so sessions survive restarts when SESSION_SECRET is unset. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

let current: Env | undefined;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = parseEnv(source);
  const dataDir = path.resolve(parsed.DATA_DIR);
  // The database, the session secret and uploads in progress live here: only this account may look inside.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  current = {
    ...parsed,
    DATA_DIR: dataDir,
    SESSION_SECRET: parsed.SESSION_SECRET ?? persistedSecret(dataDir),
    SESSION_SECRET_SET: parsed.SESSION_SECRET !== undefined,
  };
  return current;
}

/**
 * A server on PostgreSQL may be one of several instances (decision 031): they must all sign sessions, form tokens
 * and seal two-factor secrets with one key, which a secret generated per DATA_DIR (per machine) is not. Throws the
 * start-up error that says what to do.
 */
export function requireSharedSessionSecret(env: Env): void {
  if (env.SESSION_SECRET_SET || !env.DATABASE_URL || !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) return;
  throw new Error(
    [
      'SESSION_SECRET must be set when DATABASE_URL is PostgreSQL.',
      '  Every instance of the site signs sessions and seals two-factor secrets with it, so all must share one key;',
      '  a key generated per data folder differs from machine to machine. Set SESSION_SECRET to 32 or more random',
      '  characters (openssl rand -base64 48) on every instance. To keep the sessions and two-factor enrolments made',
      `  so far, use this machine's current key: the content of ${path.join(env.DATA_DIR, 'session-secret')}.`,
    ].join('\n'),
  );
}

export function getEnv(): Env {
  if (!current) throw new Error('Environment not loaded: call loadEnv() at start-up');
  return current;
}
