import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { addressKey } from '#app/lib/ip-address.ts';
import { countAttempt, type ThrottleRule } from '#app/services/throttles/throttles.server.ts';

/**
 * The limits of one public form, for what looks like a person and for what the bot check caught, each per address
 * (IPv6 by /64, `addressKey`) and for the whole site per minute. Caught submissions are counted apart: a bot's junk
 * never uses up the allowance of the people sharing its address or of everyone else.
 */
export interface PublicFormLimits {
  person: { perAddress: ThrottleRule; global: ThrottleRule };
  caught: { perAddress: ThrottleRule; global: ThrottleRule };
}

export type Admission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one submission of `form` and says whether it may be stored. Each count is one atomic upsert in `throttles`
 * (`countAttempt`), so parallel posts, in one process or several, are each counted exactly once: nothing reads a
 * count and then writes. The address is counted first, so one sender's flood is refused before it touches the
 * site-wide ceiling.
 */
export async function admitSubmission(
  input: { form: string; address: string; caught: boolean; limits: PublicFormLimits },
  db?: Kysely<Database>,
): Promise<Admission> {
  const kind = input.caught ? 'caught' : 'person';
  const rules = input.limits[kind];
  for (const [key, rule] of [
    [`${input.form}:${kind}:address:${addressKey(input.address)}`, rules.perAddress],
    [`${input.form}:${kind}:all`, rules.global],
  ] as const) {
    const hit = await countAttempt(key, rule, db);
    if (!hit.allowed) return { allowed: false, retryAfterSeconds: hit.retryAfterSeconds };
  }
  return { allowed: true };
}
