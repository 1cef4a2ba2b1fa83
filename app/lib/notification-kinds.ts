/** What a notification is about; the bell and the panels pick an icon by it. */
export const NOTIFICATION_KINDS = [
  'message',
  'post_review',
  'sign_in_failures',
  'theme_activated',
  'two_factor_reset',
  'backup_failed',
  'content_published',
  'comment',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
