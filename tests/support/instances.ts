import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { freePort, type ServerProcess, startServerProcess } from './server-process.ts';

// Several instances of one site (decision 031): separate processes with separate DATA_DIRs, as on separate
// machines, sharing one fresh PostgreSQL database made for the test run.

export const postgresAdminUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI && !postgresAdminUrl) throw new Error('CI must run the PostgreSQL tests: set TEST_DATABASE_URL');

/** The one secret every instance of the test site shares. */
export const SHARED_SECRET = 'instances-test-secret-0123456789-abcdefghij';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database; answers its URL and how to drop it. */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!postgresAdminUrl) throw new Error('Set TEST_DATABASE_URL');
  const name = `atelier_instances_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** Starts one instance on `databaseUrl` with a DATA_DIR of its own; resolves once it listens. */
export async function startInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-instance-'));
  const instance = startServerProcess({ port: await freePort(), dataDir, databaseUrl, env: { SESSION_SECRET: SHARED_SECRET, ...env } });
  return { ...instance, dataDir };
}

export type Instance = ServerProcess & { dataDir: string };

export async function stopInstances(instances: Array<ServerProcess | undefined>): Promise<void> {
  await Promise.all(
    instances.map(async (instance) => {
      if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return;
      instance.child.kill('SIGKILL');
      await instance.exited;
    }),
  );
}
