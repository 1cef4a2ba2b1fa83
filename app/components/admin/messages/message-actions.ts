import type { MessageAction, MessageFolder } from '#app/schemas/messages.ts';

/** The buttons an action gets, and which folder views offer it (moving to the folder you are in is not offered). */
export const FOLDER_ACTIONS: { action: Exclude<MessageAction, 'delete'>; label: string; shownIn: MessageFolder[] }[] = [
  { action: 'read', label: 'Mark read', shownIn: ['inbox', 'archived', 'spam'] },
  { action: 'unread', label: 'Mark unread', shownIn: ['inbox', 'archived', 'spam'] },
  { action: 'archive', label: 'Archive', shownIn: ['inbox', 'spam'] },
  { action: 'spam', label: 'Spam', shownIn: ['inbox', 'archived'] },
  { action: 'inbox', label: 'Move to Inbox', shownIn: ['archived', 'spam'] },
];

export function deleteQuestion(count: number): string {
  return count === 1
    ? 'Are you sure you want to permanently delete this message? This action cannot be undone.'
    : `Are you sure you want to permanently delete these ${count} messages? This action cannot be undone.`;
}
