import type { Env } from '#app/env.server.ts';
import { pruneAuditLog } from '#app/services/audit/audit-retention.server.ts';
import { pruneSessions } from '#app/services/auth/session-store.server.ts';
import { runScheduledBackup, scheduledBackupDue } from '#app/services/backup/backup-schedule.server.ts';
import {
  mailModerator,
  MODERATOR_MAIL_JOB,
  MODERATOR_MAIL_TO_JOB,
  queueModeratorMails,
} from '#app/services/comments/comment-alerts.server.ts';
import { pruneCommentAddresses } from '#app/services/comments/comment-privacy.server.ts';
import { pruneContactAddresses } from '#app/services/contact/address-retention.server.ts';
import { IMPORT_JOB, runImportJob } from '#app/services/import/import-runs.server.ts';
import { kickDelivery } from '#app/services/messages/message-mail.server.ts';
import { publishDuePages } from '#app/services/pages/pages.server.ts';
import { publishDuePosts } from '#app/services/posts/posts.server.ts';
import { pruneFormReceipts } from '#app/services/public-forms/idempotency.server.ts';
import { prunePresence } from '#app/services/revisions/presence.server.ts';
import { pruneRevisions } from '#app/services/revisions/revision-retention.server.ts';
import { pruneThrottles } from '#app/services/throttles/throttles.server.ts';

import { createJobRunner, type JobDefinition, type JobRunner } from './job-runner.server.ts';

const MINUTE_MS = 60_000;
/** How often retention work (pruning old rows) runs: once per cluster in each period. */
export const PRUNE_EVERY_MS = 6 * 60 * MINUTE_MS;
/** How often due scheduled items are published (decision 028: within 30 s of their time). */
export const PUBLISH_EVERY_MS = 15_000;

/** The site's timed work, each run once per cluster (decision 028). */
export function siteJobs(env: Pick<Env, 'AUDIT_RETENTION_DAYS' | 'CONTACT_IP_RETENTION_DAYS'>): JobDefinition[] {
  return [
    // Scheduled pages and posts go live within 30 s of their time: every 15 s, plus the runners' poll (5 s).
    { name: 'publish-scheduled', everyMs: PUBLISH_EVERY_MS, run: async () => [...(await publishDuePages()), ...(await publishDuePosts())] },
    { name: 'prune-audit-log', everyMs: PRUNE_EVERY_MS, run: () => pruneAuditLog(env.AUDIT_RETENTION_DAYS) },
    // Erases old senders' addresses, of contact messages and of comments (CONTACT_IP_RETENTION_DAYS for both); the spam limits count in `throttles`, pruned after a day, so nothing needs them after.
    {
      name: 'prune-contact-addresses',
      everyMs: PRUNE_EVERY_MS,
      run: async () => [
        await pruneContactAddresses(env.CONTACT_IP_RETENTION_DAYS),
        await pruneCommentAddresses(env.CONTACT_IP_RETENTION_DAYS),
      ],
    },
    { name: 'prune-throttles', everyMs: PRUNE_EVERY_MS, run: () => pruneThrottles() },
    { name: 'prune-form-receipts', everyMs: PRUNE_EVERY_MS, run: () => pruneFormReceipts() },
    { name: 'prune-sessions', everyMs: PRUNE_EVERY_MS, run: () => pruneSessions() },
    // Revisions beyond the retention setting (never the published one), and presence rows long silent (decision 027).
    { name: 'prune-revisions', everyMs: PRUNE_EVERY_MS, run: async () => [await pruneRevisions(), await prunePresence()] },
    // Message notifications left pending by a retry or a restart (a new message sends at once, without waiting for this).
    { name: 'message-mail-retries', everyMs: MINUTE_MS / 2, run: () => kickDelivery() },
    // E-mail to moderators about a pending comment (Settings → Comments): queued with the comment, one job per
    // moderator, a failed send retried with backoff (5 tries).
    { name: MODERATOR_MAIL_JOB, run: queueModeratorMails },
    { name: MODERATOR_MAIL_TO_JOB, run: mailModerator, maxAttempts: 5 },
    {
      name: 'scheduled-backup',
      everyMs: 15 * MINUTE_MS,
      run: async () => {
        if (await scheduledBackupDue()) await runScheduledBackup();
      },
    },
    // An import started from Settings → Import (one-off; a run that stopped is resumed by its retry: decision 033).
    { name: IMPORT_JOB, run: runImportJob },
  ];
}

/** Starts this process's job runner over the site's jobs; answers it (its `stop` waits for the job in progress). */
export async function startSiteJobs(env: Env): Promise<JobRunner> {
  const runner = createJobRunner(siteJobs(env), { pollMs: env.JOBS_POLL_MS });
  await runner.start();
  return runner;
}
