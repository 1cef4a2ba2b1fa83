import type { CommentAction, CommentStatus } from '#app/schemas/comment.ts';

/** What a moderator may do to a comment in each tab, in the order the buttons show. */
export const ACTIONS_BY_STATUS: Record<CommentStatus, CommentAction[]> = {
  pending: ['approve', 'spam', 'trash'],
  approved: ['unapprove', 'spam', 'trash'],
  spam: ['restore', 'trash', 'delete'],
  trash: ['restore', 'delete'],
};

export const ACTION_LABELS: Record<CommentAction, string> = {
  approve: 'Approve',
  unapprove: 'Unapprove',
  spam: 'Spam',
  trash: 'Trash',
  restore: 'Restore',
  delete: 'Delete permanently',
};

export const TAB_LABELS: Record<CommentStatus, string> = { pending: 'Pending', approved: 'Approved', spam: 'Spam', trash: 'Trash' };

export function deleteQuestion(count: number): string {
  return count === 1
    ? 'Delete this comment permanently? It cannot be restored; its replies stay, as comments of their own.'
    : `Delete these ${count} comments permanently? They cannot be restored; their replies stay, as comments of their own.`;
}
