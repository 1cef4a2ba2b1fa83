import type { MessageAction } from '#app/schemas/messages.ts';

const DONE: Record<MessageAction, [one: string, many: string]> = {
  read: ['Message marked as read', 'messages marked as read'],
  unread: ['Message marked as unread', 'messages marked as unread'],
  archive: ['Message archived', 'messages archived'],
  spam: ['Message moved to Spam', 'messages moved to Spam'],
  inbox: ['Message moved to the Inbox', 'messages moved to the Inbox'],
  delete: ['Message deleted', 'messages deleted'],
};

/** The success toast after an action on `count` messages: "Message archived", "3 messages archived". */
export function messageActionToast(action: MessageAction, count: number): string {
  const [one, many] = DONE[action];
  return count === 1 ? one : `${count} ${many}`;
}

/** Reply opens the mail client addressed to the sender, with the subject quoted once ("Re: …"). */
export function replyHref(email: string, subject: string): string {
  const quoted = /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
  return `mailto:${encodeURIComponent(email).replaceAll('%40', '@')}?subject=${encodeURIComponent(quoted)}`;
}
