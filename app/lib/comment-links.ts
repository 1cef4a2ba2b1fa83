/** Where a comment's notification points; also how moderation finds (and removes) it once the comment is handled. */
export function commentLink(commentId: string): string {
  return `/admin/comments?comment=${commentId}`;
}

/** The comment id a notification's link names, or null: the notification list shows Approve and Reject for it. */
export function commentIdOfLink(link: string): string | null {
  return /^\/admin\/comments\?comment=([\w-]{1,64})$/.exec(link)?.[1] ?? null;
}
