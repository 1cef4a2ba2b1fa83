import { createHash, randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { newId } from '#app/lib/ids.ts';

import { hashPassword, verifyPassword } from './password.server.ts';

export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 alphabet (no i, l, o, u): easy to read aloud and to type. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Recovery codes are accepted in any case, with or without the dash and spaces. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/**
 * What argon2id is given for a code: its SHA-256. Codes stored before argon2 were kept as exactly
 * this digest, so migration 0065 could rehash them without knowing the codes, and they still work.
 */
const digestOf = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

/**
 * Ten fresh codes of 10 Crockford base32 characters (50 random bits), shown as xxxxx-xxxxx, with the
 * hashes to store: argon2id (salted, the password's cost), so a copy of the database does not let
 * anyone try the 2^50 codes offline, and nothing depends on SESSION_SECRET, whose rotation leaves
 * the codes working as the way back in. Hashed here, before any transaction holds the write lock.
 */
export async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: await Promise.all(codes.map((code) => hashPassword(digestOf(code)))) };
}

/** A user's recovery codes become those of `hashes` (from newRecoveryCodes): the earlier ones stop working. */
export async function replaceRecoveryCodes(trx: Kysely<Database>, userId: string, hashes: readonly string[], now: Date): Promise<void> {
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('recovery_codes')
    .values(hashes.map((hash) => ({ id: newId(), user_id: userId, code_hash: hash, used_at: null, created_at: now.toISOString() })))
    .execute();
}

/**
 * Spends one of the user's unused recovery codes matching `code`. The hashes are salted, so the
 * unused ones are compared one by one (ten at most); the spend itself is one conditional UPDATE, so
 * two parallel requests cannot both use the same code. True when a code was spent.
 */
export async function spendRecoveryCode(userId: string, code: string, now: Date): Promise<boolean> {
  const db = getDb();
  const unused = await db
    .selectFrom('recovery_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  const digest = digestOf(code);
  for (const row of unused) {
    if (!(await verifyPassword(row.code_hash, digest))) continue;
    const spent = await db
      .updateTable('recovery_codes')
      .set({ used_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1;
  }
  return false;
}
