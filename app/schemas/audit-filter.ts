import { z } from 'zod';

import { isAuditAction } from '#app/lib/audit-actions.ts';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), 'Use a date like 2026-01-31');
const empty = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The audit log's filters, read from the query string of the log screen and of its CSV export. */
export const auditFilterSchema = z.object({
  user: z.preprocess(empty, z.string().max(100).optional()),
  action: z.preprocess(empty, z.string().refine(isAuditAction, 'Unknown action').optional()),
  from: z.preprocess(empty, day.optional()),
  to: z.preprocess(empty, day.optional()),
  page: z.preprocess(empty, z.coerce.number().int().min(1).max(100_000).default(1)),
});

export type AuditFilter = z.infer<typeof auditFilterSchema>;
