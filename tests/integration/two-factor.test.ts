import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { RECOVERY_CODE_COUNT } from '#app/services/auth/recovery-codes.server.ts';
import { checkSecondFactor, disableTwoFactor, twoFactorStatus } from '#app/services/auth/two-factor.server.ts';
import { confirmTwoFactor, startTwoFactorSetup } from '#app/services/auth/two-factor-setup.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { resetTwoFactor } from '#app/services/users/two-factor-reset.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { codeAt, enrolTwoFactor } from '#tests/support/two-factor.ts';

const PASSWORD = 'a long enough password';
/** A fixed clock: every code below is computed for a known moment, never for "now". */
const T0 = new Date('2026-03-01T12:00:10Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

async function enrolled(label: string) {
  const email = `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const userId = await createUser({ email, name: label, password: PASSWORD, roleId: 'editor' });
  return { userId, email, ...(await enrolTwoFactor({ id: userId, email }, PASSWORD, T0)) };
}

describe.each(testDialects)('two-factor sign-in on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('offers a fresh secret at each set-up, after the password, with an otpauth URI and a QR code drawn on the server; nothing is stored before the first code', async () => {
    const userId = await createUser({ email: 'qr@example.com', name: 'QR', password: PASSWORD, roleId: 'editor' });
    const user = { id: userId, email: 'qr@example.com' };
    expect(await startTwoFactorSetup({ user, password: 'not my password', now: T0 })).toMatchObject({ ok: false, reason: 'invalid' });
    const setup = await startTwoFactorSetup({ user, password: PASSWORD, now: T0 });
    expect(setup.ok).toBe(true);
    if (!setup.ok) return;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/Atelier:qr%40example\.com\?/);
    expect(Buffer.from(setup.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    // The set-up token carries the secret sealed: it does not show it.
    expect(setup.setupToken).not.toContain(setup.secret);
    // Starting again gives another secret: one shown before is never the one a later set-up enrols.
    const again = await startTwoFactorSetup({ user, password: PASSWORD, now: T0 });
    expect(again.ok && again.secret).not.toBe(setup.secret);
    expect(await getDb().selectFrom('two_factor').select('user_id').where('user_id', '=', userId).execute()).toEqual([]);
    expect((await twoFactorStatus(userId)).enabled).toBe(false);
  });

  it('is turned on only by a right first code within its set-up, and answers ten recovery codes of which only argon2id hashes are stored', async () => {
    const userId = await createUser({ email: 'first@example.com', name: 'First', password: PASSWORD, roleId: 'editor' });
    const user = { id: userId, email: 'first@example.com' };
    const setup = await startTwoFactorSetup({ user, password: PASSWORD, now: T0 });
    if (!setup.ok) throw new Error('set-up refused');
    const { setupToken } = setup;
    const wrong = await confirmTwoFactor({ userId, setupToken, code: await codeAt(setup.secret, at(-600)), now: T0 });
    expect(wrong).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await confirmTwoFactor({ userId, setupToken, code: 'abcdef', now: T0 })).toMatchObject({ ok: false, reason: 'invalid' });
    // Another user's set-up, an altered one or an expired one is refused.
    const other = await createUser({ email: 'other-setup@example.com', name: 'Other', password: PASSWORD, roleId: 'editor' });
    const code = await codeAt(setup.secret, T0);
    expect(await confirmTwoFactor({ userId: other, setupToken, code, now: T0 })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await confirmTwoFactor({ userId, setupToken: `${setupToken}x`, code, now: T0 })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await confirmTwoFactor({ userId, setupToken, code: await codeAt(setup.secret, at(16 * 60)), now: at(16 * 60) })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    const right = await confirmTwoFactor({ userId, setupToken, code, now: T0 });
    expect(right.ok).toBe(true);
    if (!right.ok) return;
    expect(right.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(right.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const recovery of right.recoveryCodes) expect(recovery).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const stored = await getDb().selectFrom('recovery_codes').select('code_hash').where('user_id', '=', userId).execute();
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const { code_hash } of stored) expect(code_hash).toMatch(/^\$argon2id\$/);
    const row = await getDb().selectFrom('two_factor').select('secret').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(setup.secret);
    expect(await twoFactorStatus(userId)).toMatchObject({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    expect((await startTwoFactorSetup({ user, password: PASSWORD, now: T0 })).ok).toBe(false);
    // The same set-up confirmed twice enrols once.
    expect(await confirmTwoFactor({ userId, setupToken, code: await codeAt(setup.secret, at(30)), now: at(30) })).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
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

  it('is turned off by its owner with the password and a current code, and reset by an administrator, both audited', async () => {
    const owner = await enrolled('owner');
    const code = await codeAt(owner.secret, at(60));
    expect(await disableTwoFactor({ userId: owner.userId, password: PASSWORD, code: '000000', now: at(60) })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(await disableTwoFactor({ userId: owner.userId, password: 'wrong password', code, now: at(60) })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect((await twoFactorStatus(owner.userId)).enabled).toBe(true);
    expect(await disableTwoFactor({ userId: owner.userId, password: PASSWORD, code, now: at(60) })).toEqual({ ok: true });
    expect(await twoFactorStatus(owner.userId)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(await getDb().selectFrom('recovery_codes').select('id').where('user_id', '=', owner.userId).execute()).toEqual([]);

    const lost = await enrolled('lost-phone');
    const admin = await makeActor('administrator', 'resetter');
    expect(await resetTwoFactor(admin, lost.userId)).toEqual({ ok: true, mailed: false });
    expect((await twoFactorStatus(lost.userId)).enabled).toBe(false);
    expect(await resetTwoFactor(admin, lost.userId)).toMatchObject({ ok: false, reason: 'conflict' });
    expect(await resetTwoFactor(admin, 'no-such-user')).toMatchObject({ ok: false, reason: 'not-found' });
    const self = await enrolled('self-reset');
    const selfActor = { id: self.userId, name: 'self', role: { id: 'editor', permissions: admin.role.permissions } };
    expect(await resetTwoFactor(selfActor, self.userId)).toMatchObject({ ok: false, reason: 'forbidden' });
    expect((await twoFactorStatus(self.userId)).enabled).toBe(true);

    const log = await getDb()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_id'])
      .where('action', 'in', ['two_factor.disabled', 'two_factor.reset'])
      .execute();
    expect(log).toEqual(
      expect.arrayContaining([
        { action: 'two_factor.disabled', actor_id: owner.userId, target_id: owner.userId },
        { action: 'two_factor.reset', actor_id: admin.id, target_id: lost.userId },
      ]),
    );
  });
});
