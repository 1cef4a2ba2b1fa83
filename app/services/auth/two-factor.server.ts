import type { Kysely } from 'kysely';
import { verify } from 'otplib';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { auditRefusal, recordAudit } from '#app/services/audit/record-audit.server.ts';
import { type Failure, invalid, type Result } from '#app/services/failures.ts';
import { countAttempt, releaseAttempt, type ThrottleRule, tooManyAttempts } from '#app/services/throttles/throttles.server.ts';

import { confirmCurrentPassword, type PasswordCheckPurpose } from './password-check.server.ts';
import { newRecoveryCodes, replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes.server.ts';
import { unseal } from './secret-box.server.ts';

export const SECRET_PURPOSE = 'totp-secret';
/** One 30-second step either side of now, for clocks a little off and codes typed at the turn. */
const EPOCH_TOLERANCE_SECONDS = 30;
const PERIOD_SECONDS = 30;

/**
 * Second-factor checks per account, whatever the challenge, session or address: at sign-in and on
 * the account's own two-factor page alike, so someone who has the password (or a session) cannot try
 * the million codes by starting again.
 */
export const CODES_PER_ACCOUNT: ThrottleRule = { limit: 10, windowMs: 15 * 60 * 1000 };
export const twoFactorAccountKey = (userId: string) => `two-factor:user:${userId}`;

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

const epochOf = (now: Date) => Math.floor(now.getTime() / 1000);

/** A TOTP code as typed: six digits, spaces allowed ("123 456"). */
function looksLikeTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

export async function twoFactorStatus(userId: string): Promise<TwoFactorStatus> {
  const db = getDb();
  const row = await db.selectFrom('two_factor').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
  const left = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  const enabledAt = row?.enabled_at ?? null;
  return { enabled: enabledAt !== null, enabledAt, recoveryCodesLeft: enabledAt ? Number(left.count) : 0 };
}

/** The time step a code matches, or null. Never throws for a malformed code. */
export async function matchingTimeStep(secret: string, code: string, now: Date, after: number | null): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({
      secret,
      token,
      epoch: epochOf(now),
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(after === null ? {} : { afterTimeStep: after }),
    });
    return result.valid ? Math.floor(epochOf(now) / PERIOD_SECONDS) + result.delta : null;
  } catch {
    return null;
  }
}

export type SecondFactorCheck = { ok: true; method: 'totp' | 'recovery_code' } | { ok: false };

/**
 * Checks a second factor for an enrolled user: a TOTP code (each time step accepted once, so a
 * code seen over a shoulder cannot be replayed) or an unused recovery code (spent by this check).
 * Both spends are one conditional UPDATE, so two parallel requests cannot both use the same code.
 * Uncounted: callers count the attempt first (sign-in challenge, checkOwnCode).
 */
export async function checkSecondFactor(input: { userId: string; code: string; now?: Date }): Promise<SecondFactorCheck> {
  const now = input.now ?? new Date();
  const db = getDb();
  const row = await db
    .selectFrom('two_factor')
    .select(['secret', 'enabled_at', 'last_time_step'])
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  if (!row?.enabled_at) return { ok: false };
  const code = input.code.trim().slice(0, 64);
  if (looksLikeTotpCode(code)) {
    const secret = unseal(row.secret, SECRET_PURPOSE);
    const last = row.last_time_step === null ? null : Number(row.last_time_step);
    const step = secret ? await matchingTimeStep(secret, code, now, last) : null;
    if (step === null) return { ok: false };
    const spent = await db
      .updateTable('two_factor')
      .set({ last_time_step: step })
      .where('user_id', '=', input.userId)
      .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', step)]))
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1 ? { ok: true, method: 'totp' } : { ok: false };
  }
  return (await spendRecoveryCode(input.userId, code, now)) ? { ok: true, method: 'recovery_code' } : { ok: false };
}

/**
 * A code checked on the account's own two-factor page: counted under the per-account limit before
 * it is checked (a right one is given back), and a wrong one (or the first refusal of a window)
 * audited. Null when right.
 */
export async function checkOwnCode(input: {
  userId: string;
  code: string;
  during: 'set-up' | 'turn-off' | 'recovery codes';
  now?: Date;
  /** The set-up's code is checked against the secret being enrolled, not a stored one. */
  check?: () => Promise<boolean>;
}): Promise<Failure | null> {
  const key = twoFactorAccountKey(input.userId);
  const hit = await countAttempt(key, CODES_PER_ACCOUNT);
  const refusal = (reason: string) =>
    auditRefusal({
      actor: { id: input.userId },
      action: 'auth.two_factor_failed',
      target: { type: 'account', id: input.userId },
      details: { reason, during: input.during },
    });
  if (!hit.allowed) {
    if (hit.firstRefused) await refusal('locked');
    return tooManyAttempts(hit, 'wrong codes');
  }
  const right = input.check ? await input.check() : (await checkSecondFactor(input)).ok;
  if (right) {
    // A right code gives its attempt back: only wrong ones use up the limit.
    await releaseAttempt(key);
    return null;
  }
  await refusal('wrong code');
  return invalid({ code: 'That code is not right.' });
}

/** The current password, then a current code: what turning two-factor off and renewing the recovery codes ask for. */
async function confirmOwner(
  input: { userId: string; password: string; code: string; now?: Date },
  purpose: PasswordCheckPurpose,
  during: 'turn-off' | 'recovery codes',
): Promise<Failure | null> {
  return (await confirmCurrentPassword(input.userId, input.password, purpose)) ?? (await checkOwnCode({ ...input, during }));
}

/** Removes a user's enrolment and recovery codes, recording `audit` in the same transaction; false when none was on. */
export async function removeTwoFactor(trx: Kysely<Database>, userId: string, audit: Parameters<typeof recordAudit>[1]): Promise<boolean> {
  const removed = await trx.deleteFrom('two_factor').where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  const had = Number(removed.numDeletedRows) > 0;
  if (had) await recordAudit(trx, audit);
  return had;
}

/** The user turns their own two-factor sign-in off, with their current password and a current code (or a recovery code). */
export async function disableTwoFactor(input: { userId: string; password: string; code: string; now?: Date }): Promise<Result> {
  const refused = await confirmOwner(input, 'two-factor turn-off', 'turn-off');
  if (refused) return refused;
  await writeTransaction((trx) =>
    removeTwoFactor(trx, input.userId, {
      actor: { id: input.userId },
      action: 'two_factor.disabled',
      target: { type: 'user', id: input.userId },
    }),
  );
  return { ok: true };
}

/** Replaces the remaining recovery codes with ten new ones (shown once), after the current password and a current code. */
export async function regenerateRecoveryCodes(input: {
  userId: string;
  password: string;
  code: string;
  now?: Date;
}): Promise<Result<{ recoveryCodes: string[] }>> {
  const refused = await confirmOwner(input, 'recovery codes', 'recovery codes');
  if (refused) return refused;
  const recovery = await newRecoveryCodes();
  await writeTransaction(async (trx) => {
    await replaceRecoveryCodes(trx, input.userId, recovery.hashes, input.now ?? new Date());
    await recordAudit(trx, {
      actor: { id: input.userId },
      action: 'two_factor.recovery_codes_renewed',
      target: { type: 'user', id: input.userId },
    });
  });
  return { ok: true, recoveryCodes: recovery.codes };
}
