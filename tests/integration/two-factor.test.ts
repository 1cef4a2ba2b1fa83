import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import {
  checkSecondFactor,
  confirmTwoFactor,
  disableTwoFactor,
  RECOVERY_CODE_COUNT,
  resetTwoFactor,
  startTwoFactorSetup,
  twoFactorStatus,
} from '#app/services/auth/two-factor.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { testDialects } from '#tests/support/databases.ts';

/** A fixed clock: every code below is computed for a known moment, never for "now". */
const T0 = new Date('2026-03-01T12:00:10Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const codeAt = (secret: string, when: Date) => generate({ secret, epoch: Math.floor(when.getTime() / 1000) });

async function enrolled(label: string) {
  const email = `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const userId = await createUser({ email, name: label, password: 'a long enough password', roleId: 'editor' });
  const setup = await startTwoFactorSetup({ id: userId, email });
  if (!setup.ok) throw new Error('set-up refused');
  const confirmed = await confirmTwoFactor({ userId, code: await codeAt(setup.secret, T0), now: T0 });
  if (!confirmed.ok) throw new Error('confirmation refused');
  return { userId, email, secret: setup.secret, recoveryCodes: confirmed.recoveryCodes };
}

describe.each(testDialects)('two-factor sign-in on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('offers a secret, an otpauth URI and a QR code drawn on the server, and keeps the secret encrypted', async () => {
    const userId = await createUser({ email: 'qr@example.com', name: 'QR', password: null, roleId: 'editor' });
    const setup = await startTwoFactorSetup({ id: userId, email: 'qr@example.com' });
    expect(setup.ok).toBe(true);
    if (!setup.ok) return;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/Atelier:qr%40example\.com\?/);
    expect(Buffer.from(setup.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    // Opening the set-up again shows the same pending secret, so the QR code scanned is the one confirmed.
    const again = await startTwoFactorSetup({ id: userId, email: 'qr@example.com' });
    expect(again.ok && again.secret).toBe(setup.secret);
    const row = await getDb()
      .selectFrom('two_factor')
      .select(['secret', 'enabled_at'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(setup.secret);
    expect(row.enabled_at).toBeNull();
    expect((await twoFactorStatus(userId)).enabled).toBe(false);
  });

  it('is turned on only by a right first code, and answers ten recovery codes of which only hashes are stored', async () => {
    const userId = await createUser({ email: 'first@example.com', name: 'First', password: null, roleId: 'editor' });
    const setup = await startTwoFactorSetup({ id: userId, email: 'first@example.com' });
    if (!setup.ok) throw new Error('set-up refused');
    const wrong = await confirmTwoFactor({ userId, code: await codeAt(setup.secret, at(-600)), now: T0 });
    expect(wrong).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await confirmTwoFactor({ userId, code: 'abcdef', now: T0 })).toMatchObject({ ok: false, reason: 'invalid' });
    const right = await confirmTwoFactor({ userId, code: await codeAt(setup.secret, T0), now: T0 });
    expect(right.ok).toBe(true);
    if (!right.ok) return;
    expect(right.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(right.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of right.recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const stored = await getDb().selectFrom('recovery_codes').select('code_hash').where('user_id', '=', userId).execute();
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const { code_hash } of stored) expect(right.recoveryCodes.some((code) => code_hash.includes(code.replace('-', '')))).toBe(false);
    expect(await twoFactorStatus(userId)).toMatchObject({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    expect((await startTwoFactorSetup({ id: userId, email: 'first@example.com' })).ok).toBe(false);
    const log = await getDb().selectFrom('audit_log').select('action').where('actor_id', '=', userId).execute();
    expect(log.map((entry) => entry.action)).toContain('two_factor.enabled');
  });

  it('accepts the code of now and of one step either side, not older ones, and each step only once', async () => {
    const { userId, secret } = await enrolled('clock');
    // Enrolment used T0's step; the same code again is a replay.
    expect(await checkSecondFactor({ userId, code: await codeAt(secret, T0), now: T0 })).toEqual({ ok: false });
    const later = at(300);
    expect(await checkSecondFactor({ userId, code: await codeAt(secret, at(300 - 90)), now: later })).toEqual({ ok: false });
    expect(await checkSecondFactor({ userId, code: await codeAt(secret, at(300 - 30)), now: later })).toEqual({ ok: true, method: 'totp' });
    expect(await checkSecondFactor({ userId, code: await codeAt(secret, later), now: later })).toEqual({ ok: true, method: 'totp' });
    expect(await checkSecondFactor({ userId, code: await codeAt(secret, later), now: later })).toEqual({ ok: false });
    expect(await checkSecondFactor({ userId, code: await codeAt(secret, at(330)), now: at(331) })).toEqual({ ok: true, method: 'totp' });
    expect(await checkSecondFactor({ userId, code: '12345', now: later })).toEqual({ ok: false });
  });

  it('takes a recovery code once, in any case and with or without the dash', async () => {
    const { userId, recoveryCodes } = await enrolled('recovery');
    const [first, second] = recoveryCodes as [string, string];
    expect(await checkSecondFactor({ userId, code: first.toUpperCase(), now: at(60) })).toEqual({ ok: true, method: 'recovery_code' });
    expect(await checkSecondFactor({ userId, code: first, now: at(90) })).toEqual({ ok: false });
    expect(await checkSecondFactor({ userId, code: ` ${second.replace('-', '')} `, now: at(90) })).toEqual({
      ok: true,
      method: 'recovery_code',
    });
    expect((await twoFactorStatus(userId)).recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 2);
    // Another user's code is not this user's.
    const other = await enrolled('other');
    expect(await checkSecondFactor({ userId, code: other.recoveryCodes[0]!, now: at(90) })).toEqual({ ok: false });
  });

  it('spends a recovery code once even when two requests race with it', async () => {
    const { userId, recoveryCodes } = await enrolled('race');
    const results = await Promise.all(Array.from({ length: 5 }, () => checkSecondFactor({ userId, code: recoveryCodes[3]!, now: at(60) })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it('is turned off by its owner with a current code, and reset by an administrator, both audited', async () => {
    const owner = await enrolled('owner');
    expect(await disableTwoFactor({ userId: owner.userId, code: '000000', now: at(60) })).toMatchObject({ ok: false, reason: 'invalid' });
    expect((await twoFactorStatus(owner.userId)).enabled).toBe(true);
    expect(await disableTwoFactor({ userId: owner.userId, code: await codeAt(owner.secret, at(60)), now: at(60) })).toEqual({ ok: true });
    expect(await twoFactorStatus(owner.userId)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(await getDb().selectFrom('recovery_codes').select('id').where('user_id', '=', owner.userId).execute()).toEqual([]);

    const lost = await enrolled('lost-phone');
    const adminId = await createUser({ email: 'resetter@example.com', name: 'Resetter', password: null, roleId: 'administrator' });
    expect(await resetTwoFactor({ actor: { id: adminId }, userId: lost.userId })).toEqual({ ok: true });
    expect((await twoFactorStatus(lost.userId)).enabled).toBe(false);
    expect(await resetTwoFactor({ actor: { id: adminId }, userId: lost.userId })).toMatchObject({ ok: false, reason: 'conflict' });
    expect(await resetTwoFactor({ actor: { id: adminId }, userId: 'no-such-user' })).toMatchObject({ ok: false, reason: 'not-found' });
    const self = await enrolled('self-reset');
    expect(await resetTwoFactor({ actor: { id: self.userId }, userId: self.userId })).toMatchObject({ ok: false, reason: 'forbidden' });
    expect((await twoFactorStatus(self.userId)).enabled).toBe(true);

    const log = await getDb()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_id'])
      .where('action', 'in', ['two_factor.disabled', 'two_factor.reset'])
      .execute();
    expect(log).toEqual(
      expect.arrayContaining([
        { action: 'two_factor.disabled', actor_id: owner.userId, target_id: owner.userId },
        { action: 'two_factor.reset', actor_id: adminId, target_id: lost.userId },
      ]),
    );
  });
});
