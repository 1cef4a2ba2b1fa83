import { z } from 'zod';

export const MESSAGE_FOLDERS = [
  { value: 'inbox', label: 'Inbox' },
  { value: 'archived', label: 'Archived' },
  { value: 'spam', label: 'Spam' },
] as const;
export type MessageFolder = (typeof MESSAGE_FOLDERS)[number]['value'];

const empty = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The inbox's filter, read from the query string of the list and of its CSV export. */
export const messageFilterSchema = z.object({
  folder: z.preprocess(empty, z.enum(['inbox', 'archived', 'spam'], { message: 'Unknown folder' }).default('inbox')),
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z.string().max(200, 'Search must be at most 200 characters.').optional(),
  ),
  page: z.preprocess(empty, z.coerce.number().int().min(1).max(100_000).default(1)),
});
export type MessageFilter = z.infer<typeof messageFilterSchema>;

/** At most one screen's worth of messages per bulk action. */
export const MESSAGE_BULK_MAX = 100;

const ids = z.preprocess(
  (value) => (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]),
  z
    .array(z.string().min(1).max(64))
    .min(1, 'Select at least one message.')
    .max(MESSAGE_BULK_MAX, `Select at most ${MESSAGE_BULK_MAX} messages.`),
);

export const MESSAGE_ACTIONS = ['read', 'unread', 'archive', 'spam', 'inbox', 'delete'] as const;
export type MessageAction = (typeof MESSAGE_ACTIONS)[number];

/** One action on one or several messages, from the list (bulk) or from an opened message. */
export const messageActionSchema = z.object({
  intent: z.enum(MESSAGE_ACTIONS, { message: 'Unknown action' }),
  ids,
});
