import type { Translate } from '#app/i18n/translate.ts';
import { useTranslation } from '#app/i18n/use-translation.ts';
import { avatarHue, initials, linkSegments } from '#app/lib/comment-display.ts';
import { relativeTime } from '#app/lib/relative-time.ts';
import type { PublicComment } from '#app/services/comments/comment-queries.server.ts';

/** "1 comment", "12 comments": the counts that take the singular are the language's own (as the view count). */
export function commentCountLabel(t: Translate, count: number): string {
  const singular = t('comments.countSingular').split(' ').includes(String(count));
  return t(singular ? 'comments.countOne' : 'comments.count', { count });
}

/** The generated avatar: the author's initials on a colour of their own (no third-party avatar service). */
function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white"
      style={{ backgroundColor: `hsl(${avatarHue(name)} 45% 38%)` }}
    >
      {initials(name)}
    </span>
  );
}

/** A comment's words as text: line breaks kept, links made plain anchors that search engines do not follow. */
function CommentBody({ body }: { body: string }) {
  return (
    <p className="mt-1 break-words whitespace-pre-line text-site-text">
      {linkSegments(body).map((segment, index) =>
        segment.href ? (
          <a key={index} href={segment.href} rel="nofollow ugc noopener" className="text-site-primary-strong underline">
            {segment.text}
          </a>
        ) : (
          segment.text
        ),
      )}
    </p>
  );
}

function CommentItem({ comment, now, reply }: { comment: PublicComment; now: number; reply?: string }) {
  const { t, language } = useTranslation();
  const author = comment.authorUrl ? (
    <a href={comment.authorUrl} rel="nofollow ugc noopener" className="hover:underline">
      {comment.authorName}
    </a>
  ) : (
    comment.authorName
  );
  return (
    <article id={`comment-${comment.id}`} className="flex gap-3" aria-label={comment.authorName}>
      <Avatar name={comment.authorName} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 text-sm">
          <span className="font-semibold text-site-headings">{author}</span>
          {comment.staff ? (
            <span className="rounded bg-site-primary-strong px-1.5 py-0.5 text-xs font-semibold text-site-on-primary">
              {t('comments.staff')}
            </span>
          ) : null}
          {/* The page's script keeps the relative date true while a cached page ages. */}
          <time dateTime={comment.createdAt} data-relative-time="" className="text-site-text">
            {relativeTime(comment.createdAt, now, language)}
          </time>
        </p>
        <CommentBody body={comment.body} />
        {reply ? (
          <a
            href={`?replyto=${comment.id}#comment-form`}
            data-reply-to={comment.id}
            data-reply-name={comment.authorName}
            className="mt-1 inline-block text-sm font-semibold text-site-primary-strong hover:underline"
          >
            {reply}
          </a>
        ) : null}
      </div>
    </article>
  );
}

/** The approved comments, oldest first, each with its replies (one level) and, while comments are open, Reply. */
export function CommentList({ comments, now, open }: { comments: PublicComment[]; now: number; open: boolean }) {
  const { t } = useTranslation();
  if (comments.length === 0) return <p className="text-site-text">{t('comments.empty')}</p>;
  const reply = open ? t('comments.reply') : undefined;
  return (
    <ol className="space-y-6">
      {comments.map((comment) => (
        <li key={comment.id}>
          <CommentItem comment={comment} now={now} reply={reply} />
          {comment.replies.length ? (
            <ol className="mt-4 ml-6 space-y-4 border-l-2 border-gray-200 pl-4 sm:ml-12">
              {comment.replies.map((child) => (
                <li key={child.id}>
                  <CommentItem comment={child} now={now} />
                </li>
              ))}
            </ol>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
