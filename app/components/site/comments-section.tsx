import { useTranslation } from '#app/i18n/use-translation.ts';
import type { ArticleComments } from '#app/services/comments/article-comments.server.ts';

import { CommentForm, CommentPosted } from './comment-form.tsx';
import { CommentList } from './comment-list.tsx';

/** Under an article: its approved comments, the visitor's own notice after posting, and the form while comments are open. */
export function CommentsSection({ slug, comments }: { slug: string; comments: ArticleComments }) {
  const { t } = useTranslation();
  return (
    <section id="comments" aria-labelledby="comments-title" className="mt-12 border-t border-gray-200 pt-8">
      <h2 id="comments-title" className="font-site-heading text-2xl font-bold text-site-headings">
        {t('comments.title')} <span className="text-site-text">({comments.count})</span>
      </h2>
      <div className="mt-6">
        <CommentList comments={comments.list} now={comments.now} open={comments.open} />
      </div>
      <CommentPosted />
      {comments.open ? <CommentForm slug={slug} form={comments} /> : <p className="mt-8 text-site-text">{t('comments.closed')}</p>}
    </section>
  );
}
