import type { Kysely } from 'kysely';

/**
 * One row per public form submission stored with an idempotency key (the form's per-render token and what was
 * sent): a resend of the same submission (a browser retry after a lost answer) finds its receipt and is answered as
 * the first was, without storing it again. Pruned after a week, the longest a form token is trusted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('public_form_receipts')
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('result_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('public_form_receipts_pkey', ['form', 'key'])
    .execute();
  await db.schema.createIndex('public_form_receipts_created_at').on('public_form_receipts').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('public_form_receipts').execute();
}
