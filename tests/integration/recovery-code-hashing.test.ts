import { createHash } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { up as rehashRecoveryCodes } from '#app/db/migrations/0065-recovery-codes-argon2.ts';
import { checkSecondFactor } from '#app/services/auth/two-factor.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { enrolTwoFactor } from '#tests/support/two-factor.ts';

loadTestEnv();

const PASSWORD = 'a long enough password';
const T0 = new Date('2026-03-01T12:00:10Z');
/** What an attacker with a copy of the database would try: the plain SHA-256 of each candidate code. */
const sha256 = (code: string) => createHash('sha256').update(code.replace('-', '')).digest('hex');

describe.each(testDialects)('stored recovery codes on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('are salted argon2id hashes: no stored value is the SHA-256 of a code, and two users’ equal codes would not match', async () => {
    const userId = await createUser({ email: 'codes@example.com', name: 'Codes', password: PASSWORD, roleId: 'editor' });
    const { recoveryCodes } = await enrolTwoFactor({ id: userId, email: 'codes@example.com' }, PASSWORD, T0);
    const stored = (await getDb().selectFrom('recovery_codes').select('code_hash').where('user_id', '=', userId).execute()).map(
      (row) => row.code_hash,
    );
    expect(stored).toHaveLength(10);
    const digests = new Set(recoveryCodes.map(sha256));
    expect(stored.filter((hash) => digests.has(hash))).toEqual([]);
    for (const hash of stored) expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(new Set(stored.map((hash) => hash.split('$')[4])).size).toBe(10);
  });

  it('keeps codes stored before as a bare SHA-256 working: the migration rehashes them in place, each still spent once', async () => {
    const userId = await createUser({ email: 'legacy@example.com', name: 'Legacy', password: PASSWORD, roleId: 'editor' });
    await enrolTwoFactor({ id: userId, email: 'legacy@example.com' }, PASSWORD, T0);
    await getDb().deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    // As an earlier version stored them.
    const legacy = ['abcde-fghjk', '01234-56789'];
    await getDb()
      .insertInto('recovery_codes')
      .values(
        legacy.map((code, i) => ({
          id: `legacy-${i}`,
          user_id: userId,
          code_hash: sha256(code),
          used_at: null,
          created_at: T0.toISOString(),
        })),
      )
      .execute();
    await rehashRecoveryCodes(getDb() as never);
    const stored = await getDb().selectFrom('recovery_codes').select('code_hash').where('user_id', '=', userId).execute();
    for (const { code_hash } of stored) expect(code_hash).toMatch(/^\$argon2id\$/);
    expect(await checkSecondFactor({ userId, code: 'ABCDE-FGHJK', now: T0 })).toEqual({ ok: true, method: 'recovery_code' });
    expect(await checkSecondFactor({ userId, code: 'abcde-fghjk', now: T0 })).toEqual({ ok: false });
    expect(await checkSecondFactor({ userId, code: '0123456789', now: T0 })).toEqual({ ok: true, method: 'recovery_code' });
    // Run again (a second start), the migration leaves rehashed codes alone.
    const before = await getDb()
      .selectFrom('recovery_codes')
      .select(['id', 'code_hash'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    await rehashRecoveryCodes(getDb() as never);
    expect(
      await getDb().selectFrom('recovery_codes').select(['id', 'code_hash']).where('user_id', '=', userId).orderBy('id').execute(),
    ).toEqual(before);
  });
});
