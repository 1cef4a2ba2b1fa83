import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((url) => /^postgres(ql)?:\/\//.test(url) || url.startsWith('file:'), {
      message: 'must start with postgres://, postgresql:// or file:',
    })
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email('must be an email address').default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(25 * 1024 * 1024),
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  /** Cookies are Secure in production; set 0 only to serve production over plain HTTP on a private network. */
  COOKIE_SECURE: z.enum(['0', '1']).optional(),
  SITE_URL: z.url('must be an absolute URL').optional(),
});

export type Env = z.infer<typeof envSchema> & { SESSION_SECRET: string; DATA_DIR: string };

/** Parses the environment once; throws an error naming every bad or missing variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): z.infer<typeof envSchema> {
  // An empty variable (as in a copied .env.example) means "use the default".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return result.data;
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
  mkdirSync(dataDir, { recursive: true });
  current = { ...parsed, DATA_DIR: dataDir, SESSION_SECRET: parsed.SESSION_SECRET ?? persistedSecret(dataDir) };
  return current;
}

export function getEnv(): Env {
  if (!current) throw new Error('Environment not loaded: call loadEnv() at start-up');
  return current;
}
