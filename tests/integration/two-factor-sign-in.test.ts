import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { getSessionCookie } from '#app/http/cookies.server.ts';
import { requirePermission } from '#app/http/guard.server.ts';
import { findSessionUser } from '#app/services/auth/session-store.server.ts';
import { signIn } from '#app/services/auth/sign-in.server.ts';
import { CODES_PER_CHALLENGE, completeSignInChallenge } from '#app/services/auth/sign-in-challenge.server.ts';
import { getTwoFactorPolicy, mustEnrolTwoFactor, saveTwoFactorPolicy } from '#app/services/auth/two-factor-policy.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { actorAs } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { codeAt, enrolTwoFactor } from '#tests/support/two-factor.ts';

loadTestEnv();

const PASSWORD = 'a long enough password';
const T0 = new Date('2026-03-01T12:00:10Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

async function enrolledUser(label: string, roleId = 'editor') {
  const email = `${label}@example.com`;
  const userId = await createUser({ email, name: label, password: PASSWORD, roleId });
  return { userId, email, ...(await enrolTwoFactor({ id: userId, email }, PASSWORD, T0)) };
}

async function passwordStep(email: string) {
  const result = await signIn({ email, password: PASSWORD, ip: '192.0.2.10', userAgent: 'test' });
  if (result.ok || result.reason !== 'two-factor') throw new Error(`expected a two-factor challenge, got ${JSON.stringify(result)}`);
  return result.challenge;
}

const actions = (userId: string) =>
  getDb().selectFrom('audit_log').select(['action', 'details']).where('actor_id', '=', userId).orderBy('at').orderBy('id').execute();

describe.each(testDialects)('signing in with two-factor on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('still signs a user without two-factor straight in', async () => {
    await createUser({ email: 'plain@example.com', name: 'Plain', password: PASSWORD, roleId: 'editor' });
    const result = await signIn({ email: 'plain@example.com', password: PASSWORD, ip: '192.0.2.10' });
    expect(result.ok).toBe(true);
  });

  it('asks an enrolled user for a code after the password, and only a right code starts the session', async () => {
    const { userId, secret } = await enrolledUser('totp');
    const sessionsBefore = await getDb().selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
    const challenge = await passwordStep('totp@example.com');
    expect(await getDb().selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).toEqual(sessionsBefore);

    expect(await completeSignInChallenge({ token: challenge, code: '000000', now: at(60) })).toEqual({ ok: false, reason: 'wrong' });
    const done = await completeSignInChallenge({ token: challenge, code: await codeAt(secret, at(60)), now: at(60) });
    expect(done).toMatchObject({ ok: true, userId, method: 'totp' });
    if (!done.ok) return;
    expect((await findSessionUser(done.token))?.id).toBe(userId);
    // The challenge is spent: the same token cannot start a second session.
    expect(await completeSignInChallenge({ token: challenge, code: await codeAt(secret, at(90)), now: at(90) })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect((await actions(userId)).map((entry) => entry.action)).toContain('auth.two_factor_failed');
  });

  it('takes a recovery code once, and records its use', async () => {
    const { userId, recoveryCodes } = await enrolledUser('recover');
    const first = await completeSignInChallenge({ token: await passwordStep('recover@example.com'), code: recoveryCodes[0]!, now: at(60) });
    expect(first).toMatchObject({ ok: true, method: 'recovery_code' });
    const again = await completeSignInChallenge({ token: await passwordStep('recover@example.com'), code: recoveryCodes[0]!, now: at(60) });
    expect(again).toEqual({ ok: false, reason: 'wrong' });
    expect((await actions(userId)).map((entry) => entry.action)).toContain('auth.recovery_code_used');
  });

  it(`ends a challenge after ${CODES_PER_CHALLENGE} wrong codes, even if the next one is right`, async () => {
    const { secret } = await enrolledUser('guesser');
    const challenge = await passwordStep('guesser@example.com');
    for (let i = 0; i < CODES_PER_CHALLENGE; i++) {
      expect(await completeSignInChallenge({ token: challenge, code: String(100000 + i), now: at(60) })).toEqual({
        ok: false,
        reason: 'wrong',
      });
    }
    expect(await completeSignInChallenge({ token: challenge, code: await codeAt(secret, at(60)), now: at(60) })).toEqual({
      ok: false,
      reason: 'locked',
    });
    expect(await completeSignInChallenge({ token: challenge, code: await codeAt(secret, at(60)), now: at(60) })).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('throttles wrong codes per account across fresh challenges', async () => {
    const { secret } = await enrolledUser('persistent');
    let locked = false;
    for (let round = 0; round < 4 && !locked; round++) {
      const challenge = await passwordStep('persistent@example.com');
      for (let i = 0; i < CODES_PER_CHALLENGE - 1; i++) {
        const result = await completeSignInChallenge({ token: challenge, code: '999999', now: at(60) });
        if (!result.ok && result.reason === 'locked') locked = true;
      }
    }
    expect(locked).toBe(true);
    const fresh = await passwordStep('persistent@example.com');
    expect(await completeSignInChallenge({ token: fresh, code: await codeAt(secret, at(60)), now: at(60) })).toEqual({
      ok: false,
      reason: 'locked',
    });
  });

  it('refuses an expired challenge and a made-up one', async () => {
    const { secret } = await enrolledUser('slow');
    const challenge = await passwordStep('slow@example.com');
    await getDb()
      .updateTable('sign_in_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await completeSignInChallenge({ token: challenge, code: await codeAt(secret, at(60)), now: at(60) })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(await completeSignInChallenge({ token: 'made-up', code: '123456', now: at(60) })).toEqual({ ok: false, reason: 'expired' });
  });

  it('sends holders of the required permission who have not enrolled to the set-up page, and nobody else', async () => {
    const adminId = await createUser({
      email: 'policy-admin@example.com',
      name: 'Policy Admin',
      password: PASSWORD,
      roleId: 'administrator',
    });
    expect(await saveTwoFactorPolicy(actorAs('administrator', { id: adminId }), { requiredFor: 'not_a_permission' })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(await saveTwoFactorPolicy(actorAs('administrator', { id: adminId }), { requiredFor: 'manage_users' })).toEqual({ ok: true });
    expect(await getTwoFactorPolicy()).toEqual({ requiredFor: 'manage_users' });

    const signedIn = await signIn({ email: 'policy-admin@example.com', password: PASSWORD, ip: '192.0.2.11' });
    if (!signedIn.ok) throw new Error('sign-in refused');
    const cookie = await getSessionCookie().serialize(signedIn.token);
    const request = (path: string) => new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
    const admin = (await findSessionUser(signedIn.token))!;
    expect(await mustEnrolTwoFactor(admin)).toBe(true);
    const refused = await requirePermission(request('/admin/pages')).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get('Location')).toBe('/admin/account/two-factor');
    expect((await requirePermission(request('/admin/account/two-factor'))).id).toBe(adminId);

    const editorId = await createUser({ email: 'policy-editor@example.com', name: 'Editor', password: PASSWORD, roleId: 'editor' });
    expect(await mustEnrolTwoFactor({ id: editorId, role: { id: 'editor', permissions: ['access_admin', 'manage_pages'] } })).toBe(false);

    expect(await saveTwoFactorPolicy(actorAs('administrator', { id: adminId }), { requiredFor: '' })).toEqual({ ok: true });
    expect(await mustEnrolTwoFactor(admin)).toBe(false);
    const changes = await getDb().selectFrom('audit_log').select('details').where('action', '=', 'two_factor.policy_changed').execute();
    expect(changes.map((row) => JSON.parse(row.details))).toEqual([
      { from: null, to: 'manage_users' },
      { from: 'manage_users', to: null },
    ]);
  });
});
