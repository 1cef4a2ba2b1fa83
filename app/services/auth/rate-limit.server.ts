import { getDb } from '#app/db/client.server.ts';
import { nowIso } from '#app/lib/ids.ts';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;

function keysFor(email: string, ip: string) {
  return { account: `email:${email.toLowerCase()}`, ip: `ip:${ip}` };
}

/** True when this account or this address failed too often in the window. */
export async function isSignInLocked(email: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MS).toISOString();
  const keys = keysFor(email, ip);
  const rows = await getDb()
    .selectFrom('auth_failures')
    .select(['key', (eb) => eb.fn.countAll<number>().as('count')])
    .where('key', 'in', [keys.account, keys.ip])
    .where('created_at', '>', since)
    .groupBy('key')
    .execute();
  const count = (key: string) => Number(rows.find((row) => row.key === key)?.count ?? 0);
  return count(keys.account) >= MAX_FAILURES_PER_ACCOUNT || count(keys.ip) >= MAX_FAILURES_PER_IP;
}

export async function recordSignInFailure(email: string, ip: string): Promise<void> {
  const keys = keysFor(email, ip);
  const now = nowIso();
  const db = getDb();
  await db.insertInto('auth_failures').values([{ key: keys.account, created_at: now }, { key: keys.ip, created_at: now }]).execute();
  // Old rows are useless; pruning here keeps the table small without a scheduler.
  await db.deleteFrom('auth_failures').where('created_at', '<=', new Date(Date.now() - SIGN_IN_WINDOW_MS).toISOString()).execute();
}

export async function clearSignInFailures(email: string): Promise<void> {
  await getDb().deleteFrom('auth_failures').where('key', '=', keysFor(email, '').account).execute();
}
