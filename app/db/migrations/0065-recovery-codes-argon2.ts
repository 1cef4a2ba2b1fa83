import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Recovery codes were stored as the plain SHA-256 of the code (50 random bits): a copy of the database
 * let anyone try every code offline. They are now stored as argon2id of that same digest (salted,
 * OWASP's cost, the library's defaults as for passwords), so this migration rehashes each stored
 * digest without needing the codes: every code a user holds keeps working, and no unkeyed hash is
 * left behind. Rows already in the new form (an argon2 string) are left alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const codes = db as unknown as Kysely<{ recovery_codes: { id: string; code_hash: string } }>;
  const rows = await codes.selectFrom('recovery_codes').select(['id', 'code_hash']).where('code_hash', 'not like', '$argon2%').execute();
  for (const row of rows) {
    await codes
      .updateTable('recovery_codes')
      .set({ code_hash: await hash(row.code_hash) })
      .where('id', '=', row.id)
      .execute();
  }
}

/** The SHA-256 digests cannot be read back out of argon2: going down removes the rehashed codes (users make new ones). */
export async function down(db: Kysely<unknown>): Promise<void> {
  const codes = db as unknown as Kysely<{ recovery_codes: { id: string; code_hash: string } }>;
  await codes.deleteFrom('recovery_codes').where('code_hash', 'like', '$argon2%').execute();
}
