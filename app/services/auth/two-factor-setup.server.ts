import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';

import { writeTransaction } from '#app/db/transaction.server.ts';
import { parseJson } from '#app/lib/json.ts';
import { SETUP_EXPIRED } from '#app/schemas/two-factor.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { conflict, invalid, type Result } from '#app/services/failures.ts';

import { confirmCurrentPassword } from './password-check.server.ts';
import { newRecoveryCodes, replaceRecoveryCodes } from './recovery-codes.server.ts';
import { seal, unseal } from './secret-box.server.ts';
import { checkOwnCode, matchingTimeStep, SECRET_PURPOSE, twoFactorStatus } from './two-factor.server.ts';

const ISSUER = 'Atelier';
const SETUP_PURPOSE = 'totp-setup';
/** How long a set-up, once its secret is shown, waits for the first code. */
export const SETUP_TTL_MS = 15 * 60 * 1000;

export interface TwoFactorSetup {
  /** Base32, for typing into an authenticator app by hand. */
  secret: string;
  otpauthUri: string;
  /** The same URI as a QR code: an SVG data URL drawn on the server (no outside service sees the secret). */
  qrCode: string;
  /**
   * The set-up itself, sealed (AES-GCM under SESSION_SECRET): the secret, whose set-up it is and
   * until when. The page posts it back with the first code, so nothing is stored before that code,
   * and a secret shown once is never the one a later set-up enrols.
   */
  setupToken: string;
}

interface SealedSetup {
  userId: string;
  secret: string;
  expiresAt: number;
}

async function present(email: string, sealed: SealedSetup, setupToken: string): Promise<TwoFactorSetup> {
  const otpauthUri = generateURI({ issuer: ISSUER, label: email, secret: sealed.secret });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret: sealed.secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, setupToken };
}

function openSetup(userId: string, setupToken: string, now: Date): SealedSetup | null {
  const opened = parseJson<Partial<SealedSetup>>(unseal(setupToken, SETUP_PURPOSE), {});
  if (opened.userId !== userId || typeof opened.secret !== 'string' || typeof opened.expiresAt !== 'number') return null;
  return opened.expiresAt > now.getTime() ? (opened as SealedSetup) : null;
}

/**
 * Starts a set-up after the current password: a fresh secret every time, shown now and held only in
 * the sealed set-up token until a first code confirms it. Refused once two-factor sign-in is on.
 */
export async function startTwoFactorSetup(input: {
  user: { id: string; email: string };
  password: string;
  now?: Date;
}): Promise<Result<TwoFactorSetup>> {
  if ((await twoFactorStatus(input.user.id)).enabled) return conflict('Two-factor sign-in is already on.');
  const refused = await confirmCurrentPassword(input.user.id, input.password, 'two-factor set-up');
  if (refused) return refused;
  const sealed: SealedSetup = {
    userId: input.user.id,
    secret: generateSecret(),
    expiresAt: (input.now ?? new Date()).getTime() + SETUP_TTL_MS,
  };
  return { ok: true, ...(await present(input.user.email, sealed, seal(JSON.stringify(sealed), SETUP_PURPOSE))) };
}

/** The set-up a page posted back, shown again (after a wrong code), or null once expired or not this user's. */
export async function resumeTwoFactorSetup(user: { id: string; email: string }, setupToken: string): Promise<TwoFactorSetup | null> {
  const sealed = openSetup(user.id, setupToken, new Date());
  return sealed ? present(user.email, sealed, setupToken) : null;
}

/**
 * Turns two-factor sign-in on with the set-up's first code (counted under the per-account code
 * limit, a wrong one audited); answers the ten recovery codes, shown once (only their hashes are kept).
 */
export async function confirmTwoFactor(input: {
  userId: string;
  setupToken: string;
  code: string;
  now?: Date;
}): Promise<Result<{ recoveryCodes: string[] }>> {
  const now = input.now ?? new Date();
  const sealed = openSetup(input.userId, input.setupToken, now);
  if (!sealed) return invalid({}, [SETUP_EXPIRED]);
  if ((await twoFactorStatus(input.userId)).enabled) return conflict('Two-factor sign-in is already on.');
  let step: number | null = null;
  const refused = await checkOwnCode({
    userId: input.userId,
    code: input.code,
    during: 'set-up',
    check: async () => (step = await matchingTimeStep(sealed.secret, input.code, now, null)) !== null,
  });
  if (refused)
    return refused.reason === 'invalid' ? invalid({ code: 'That code is not right. Enter the 6-digit code your app shows now.' }) : refused;
  const recovery = await newRecoveryCodes();
  const enabled = await writeTransaction(async (trx) => {
    const inserted = await trx
      .insertInto('two_factor')
      .values({
        user_id: input.userId,
        secret: seal(sealed.secret, SECRET_PURPOSE),
        enabled_at: now.toISOString(),
        last_time_step: step,
        created_at: now.toISOString(),
      })
      .onConflict((c) => c.column('user_id').doNothing())
      .executeTakeFirst();
    // Two confirmations racing: the first enrols, the other changes nothing.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    await replaceRecoveryCodes(trx, input.userId, recovery.hashes, now);
    await recordAudit(trx, { actor: { id: input.userId }, action: 'two_factor.enabled', target: { type: 'user', id: input.userId } });
    return true;
  });
  return enabled ? { ok: true, recoveryCodes: recovery.codes } : conflict('Two-factor sign-in is already on.');
}
