import { type Kysely, sql } from 'kysely';

/**
 * A failed new-message mail used to store the SMTP client's error text, which quotes what the remote end sent
 * (a banner, a reply); the message page showed it. Failures now store a reason of our own, and the texts stored
 * before are replaced by one that quotes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update messages set notify_error = ${'the mail could not be sent (reason not recorded)'} where notify_error <> ''`.execute(db);
}

export async function down(): Promise<void> {
  // The replaced texts are gone for good, as intended.
}
