import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * A two-factor set-up no longer stores its secret before the first code confirms it (the secret
 * travels sealed with the page instead), so a secret once shown is never the one a later set-up
 * enrols. The pending rows earlier versions kept (enabled_at null) were never in use: they go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const twoFactor = db as unknown as Kysely<{ two_factor: { user_id: string; enabled_at: string | null } }>;
  await twoFactor.deleteFrom('two_factor').where('enabled_at', 'is', null).execute();
}

export async function down(): Promise<void> {
  // Nothing to restore: the removed rows held secrets no one had confirmed.
}
