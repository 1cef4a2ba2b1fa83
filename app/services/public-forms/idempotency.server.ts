import { createHash, randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import { isUniqueViolation } from '#app/services/content/unique-violation.server.ts';

/**
 * Idempotent public forms: a form sent twice (a browser retrying after a lost answer, a double click without the
 * page's script) is stored once and answered the same both times. Each render of a public form carries a random
 * token in a hidden field (`newSubmissionToken`, made by the server, so it works without JavaScript); the
 * submission's key is the SHA-256 of the form, that token and the fields sent (`submissionKey`). A page served from
 * the HTML cache hands one token to many visitors, so the fields are part of the key: two people never share a key
 * unless they sent the very same words from the same copy of the page (and then one stored copy loses nothing).
 * The first submission stores its result and a receipt in one transaction (`storeOnce`); a resend finds the receipt.
 */

/** The hidden field's value: 128 random bits, base64url. */
export function newSubmissionToken(): string {
  return randomBytes(16).toString('base64url');
}

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** The submission's idempotency key, or null when the form came without a well-formed token (then it is not deduplicated). */
export function submissionKey(form: string, token: string, fields: Record<string, string>): string | null {
  if (!TOKEN.test(token)) return null;
  const sorted = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name]]);
  return createHash('sha256')
    .update(JSON.stringify([form, token, sorted]))
    .digest('base64url');
}

/** The result a submission with this key already stored, if any. */
export async function storedResult(form: string, key: string | null, db: Kysely<Database> = getDb()): Promise<string | null> {
  if (!key) return null;
  const row = await db
    .selectFrom('public_form_receipts')
    .select('result_id')
    .where('form', '=', form)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.result_id ?? null;
}

/**
 * Stores a submission once per key: `store` runs in a write transaction that also writes the receipt, and answers
 * the id of what it stored. A resend, even one racing the first in another process, gets the first one's id with
 * `replay: true` and stores nothing (the receipt's primary key refuses the second, whose transaction is undone).
 * `run` is the write transaction to use: `publicWrite` when what is stored shows at once on the public pages.
 */
export async function storeOnce(
  input: { form: string; key: string | null },
  store: (trx: Kysely<Database>) => Promise<string>,
  run: <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T> = writeTransaction,
): Promise<{ id: string; replay: boolean }> {
  const { form, key } = input;
  try {
    return await run(async (trx) => {
      const earlier = await storedResult(form, key, trx);
      if (earlier) return { id: earlier, replay: true };
      const id = await store(trx);
      if (key) await trx.insertInto('public_form_receipts').values({ form, key, result_id: id, created_at: nowIso() }).execute();
      return { id, replay: false };
    });
  } catch (error) {
    const earlier = isUniqueViolation(error) ? await storedResult(form, key) : null;
    if (earlier) return { id: earlier, replay: true };
    throw error;
  }
}

const RECEIPT_DAYS = 7;

/** Forgets receipts older than a week (a form token is not trusted longer); answers how many. */
export async function pruneFormReceipts(now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - RECEIPT_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const result = await getDb().deleteFrom('public_form_receipts').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
