import { z } from 'zod';

/** A form field's value as the editor sends it: one text, or a list when the field is sent several times. */
const fieldValue = z.union([z.string().max(400_000), z.array(z.string().max(2_000)).max(500)]);

/** What the editor sends to /admin/editing/:kind/:key (docs/product.md, "Autosave" and "Edit presence"). */
export const editingRequestSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('autosave'),
    seq: z.number().int().positive(),
    baseVersion: z.number().int().positive().nullable(),
    fields: z.record(z.string().max(100), fieldValue).refine((fields) => Object.keys(fields).length <= 100, 'Too many fields'),
  }),
  z.object({ intent: z.literal('discard-autosave') }),
  z.object({ intent: z.literal('heartbeat'), tabId: z.string().min(8).max(64), mode: z.enum(['editing', 'viewing']) }),
  z.object({ intent: z.literal('take-over'), tabId: z.string().min(8).max(64) }),
  z.object({ intent: z.literal('leave'), tabId: z.string().min(8).max(64) }),
]);
