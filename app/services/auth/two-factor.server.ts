import { createHash, randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { newId } from '#app/lib/ids.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { conflict, forbidden, invalid, notFound, type Result } from '#app/services/failures.ts';

import { seal, unseal } from './secret-box.server.ts';

export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Atelier';
const SECRET_PURPOSE = 'totp-secret';
/** One 30-second step either side of now, for clocks a little off and codes typed at the turn. */
const EPOCH_TOLERANCE_SECONDS = 30;
const PERIOD_SECONDS = 30;
/** Crockford's base32 alphabet (no i, l, o, u): easy to read aloud and to type. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

export interface TwoFactorSetup {
  /** Base32, for typing into an authenticator app by hand. */
  secret: string;
  otpauthUri: string;
  /** The same URI as a QR code: an SVG data URL drawn on the server (no outside service sees the secret). */
  qrCode: string;
}

const epochOf = (now: Date) => Math.floor(now.getTime() / 1000);
const hashRecoveryCode = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

/** Recovery codes are accepted in any case, with or without the dash and spaces. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** A TOTP code as typed: six digits, spaces allowed ("123 456"). */
export function looksLikeTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
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

/**
 * The secret a user is about to enrol: the pending one if set-up was started before (so the QR code
 * the page shows stays the one the confirmation checks), else a new one. Refused once enabled.
 */
export async function startTwoFactorSetup(user: { id: string; email: string }): Promise<Result<TwoFactorSetup>> {
  const db = getDb();
  const row = await db.selectFrom('two_factor').select(['secret', 'enabled_at']).where('user_id', '=', user.id).executeTakeFirst();
  if (row?.enabled_at) return conflict('Two-factor sign-in is already on.');
  let secret = row ? unseal(row.secret, SECRET_PURPOSE) : null;
  if (!secret) {
    secret = generateSecret();
    const sealed = seal(secret, SECRET_PURPOSE);
    await db
      .insertInto('two_factor')
      .values({ user_id: user.id, secret: sealed, enabled_at: null, last_time_step: null, created_at: new Date().toISOString() })
      .onConflict((c) => c.column('user_id').doUpdateSet({ secret: sealed, enabled_at: null, last_time_step: null }))
      .execute();
  }
  const otpauthUri = generateURI({ issuer: ISSUER, label: user.email, secret });
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })).toString('base64')}`;
  return { ok: true, secret, otpauthUri, qrCode };
}

/** The time step a code matches, or null. Never throws for a malformed code. */
async function matchingTimeStep(secret: string, code: string, now: Date, after: number | null): Promise<number | null> {
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

/**
 * Turns two-factor sign-in on with a first code from the app; answers the ten recovery codes,
 * which are shown once (only their hashes are kept).
 */
export async function confirmTwoFactor(input: { userId: string; code: string; now?: Date }): Promise<Result<{ recoveryCodes: string[] }>> {
  const now = input.now ?? new Date();
  const row = await getDb()
    .selectFrom('two_factor')
    .select(['secret', 'enabled_at'])
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  if (!row) return notFound('Start the set-up again: no secret is waiting for confirmation.');
  if (row.enabled_at) return conflict('Two-factor sign-in is already on.');
  const secret = unseal(row.secret, SECRET_PURPOSE);
  const step = secret ? await matchingTimeStep(secret, input.code, now, null) : null;
  if (step === null) return invalid({ code: 'That code is not right. Enter the 6-digit code your app shows now.' });
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await writeTransaction(async (trx) => {
    await trx
      .updateTable('two_factor')
      .set({ enabled_at: now.toISOString(), last_time_step: step })
      .where('user_id', '=', input.userId)
      .execute();
    await replaceRecoveryCodes(trx, input.userId, recoveryCodes, now);
    await recordAudit(trx, { actor: { id: input.userId }, action: 'two_factor.enabled', target: { type: 'user', id: input.userId } });
  });
  return { ok: true, recoveryCodes };
}

export type SecondFactorCheck = { ok: true; method: 'totp' | 'recovery_code' } | { ok: false };

/**
 * Checks a second factor for an enrolled user: a TOTP code (each time step accepted once, so a
 * code seen over a shoulder cannot be replayed) or an unused recovery code (spent by this check).
 * Both spends are one conditional UPDATE, so two parallel requests cannot both use the same code.
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
  const spent = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', input.userId)
    .where('code_hash', '=', hashRecoveryCode(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1 ? { ok: true, method: 'recovery_code' } : { ok: false };
}

async function removeTwoFactor(userId: string, audit: Parameters<typeof recordAudit>[1]): Promise<boolean> {
  return writeTransaction(async (trx) => {
    const removed = await trx.deleteFrom('two_factor').where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    const had = Number(removed.numDeletedRows) > 0;
    if (had) await recordAudit(trx, audit);
    return had;
  });
}

/** The user turns their own two-factor sign-in off, proving it with a current code or a recovery code. */
export async function disableTwoFactor(input: { userId: string; code: string; now?: Date }): Promise<Result> {
  const check = await checkSecondFactor(input);
  if (!check.ok) return invalid({ code: 'That code is not right.' });
  await removeTwoFactor(input.userId, {
    actor: { id: input.userId },
    action: 'two_factor.disabled',
    target: { type: 'user', id: input.userId },
  });
  return { ok: true };
}

/**
 * An administrator (manage_users, checked by the route) clears another user's two-factor sign-in,
 * e.g. after a lost phone; the user signs in with the password alone and enrols again.
 */
export async function resetTwoFactor(input: { actor: { id: string; name?: string }; userId: string }): Promise<Result> {
  // One's own second factor is turned off with a current code (disableTwoFactor), never by this shortcut.
  if (input.actor.id === input.userId)
    return forbidden('Turn off your own two-factor sign-in from your account page, with a current code.');
  const user = await getDb().selectFrom('users').select(['id', 'email']).where('id', '=', input.userId).executeTakeFirst();
  if (!user) return notFound('This user no longer exists.');
  const had = await removeTwoFactor(user.id, {
    actor: input.actor,
    action: 'two_factor.reset',
    target: { type: 'user', id: user.id, label: user.email },
  });
  if (!had) await getDb().deleteFrom('two_factor').where('user_id', '=', user.id).execute();
  return had ? { ok: true } : conflict('This user has not turned on two-factor sign-in.');
}

/** Replaces the remaining recovery codes with ten new ones (shown once), after a current code. */
export async function regenerateRecoveryCodes(input: {
  userId: string;
  code: string;
  now?: Date;
}): Promise<Result<{ recoveryCodes: string[] }>> {
  const now = input.now ?? new Date();
  const check = await checkSecondFactor(input);
  if (!check.ok) return invalid({ code: 'That code is not right.' });
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await writeTransaction(async (trx) => {
    await replaceRecoveryCodes(trx, input.userId, recoveryCodes, now);
  });
  return { ok: true, recoveryCodes };
}

/** A user's recovery codes become `codes` (stored hashed): the earlier ones stop working. */
async function replaceRecoveryCodes(trx: Kysely<Database>, userId: string, codes: readonly string[], now: Date): Promise<void> {
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('recovery_codes')
    .values(
      codes.map((code) => ({
        id: newId(),
        user_id: userId,
        code_hash: hashRecoveryCode(code),
        used_at: null,
        created_at: now.toISOString(),
      })),
    )
    .execute();
}
