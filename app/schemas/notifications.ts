import { z } from 'zod';

/** An action on the viewer's notifications: mark one read, dismiss one, or mark all read. */
export const notificationActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('read'), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal('dismiss'), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal('read-all') }),
]);
