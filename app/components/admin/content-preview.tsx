/**
 * The admin's previews use the public site's own markup and classes (routes/site/page.tsx and
 * blog-post.tsx), so what staff see before saving is what visitors will see.
 */

/** A page: its title and its Markdown content as HTML (rendered and sanitised on the server). */
export function PagePreview({ title, html }: { title: string; html: string | null }) {
  return (
    <article aria-label="Preview" className="rounded-lg bg-site-bg px-4 py-12 shadow-sm ring-1 ring-gray-200 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-3xl">
        <h1 className="font-site-heading text-4xl font-bold text-site-headings">{title || 'Untitled'}</h1>
        {html === null ? (
          <p className="mt-6 text-gray-600">Loading preview…</p>
        ) : (
          <div className="site-prose mt-6 text-site-text" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </div>
    </article>
  );
}

/** A post as the article shows it: image, title, author, excerpt, content split on newlines into paragraphs, tags. */
export function PostPreview(props: { title: string; excerpt: string; content: string; image: string; tags: string[]; author: string }) {
  const paragraphs = props.content
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <article aria-label="Preview" className="rounded-lg bg-site-bg px-4 py-12 shadow-sm ring-1 ring-gray-200 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-3xl">
        {props.image && /^\/(?!\/)/.test(props.image) ? (
          <img src={props.image} alt="" className="aspect-video w-full rounded-xl object-cover" />
        ) : null}
        <h1 className="mt-8 font-site-heading text-3xl font-bold text-site-headings sm:text-4xl">{props.title || 'Untitled'}</h1>
        <p className="mt-4 text-sm text-site-text">By {props.author}</p>
        {props.excerpt ? <p className="mt-6 text-lg leading-8 font-medium text-site-headings">{props.excerpt}</p> : null}
        <div className="mt-6 space-y-5 leading-8 text-site-text">
          {paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        {props.tags.length ? (
          <ul className="mt-10 flex flex-wrap gap-2 border-t border-gray-200 pt-6" aria-label="Tags">
            {props.tags.map((tag) => (
              <li key={tag} className="rounded-md bg-gray-100 px-2 py-1 text-sm text-site-text">
                #{tag}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
