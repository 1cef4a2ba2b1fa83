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

/** A post as the article shows it: image, title, author, excerpt, the content's Markdown as HTML (rendered on the server), tags. */
export function PostPreview(props: {
  title: string;
  excerpt: string;
  html: string | null;
  image: string;
  imageAlt: string;
  tags: string[];
  author: string;
}) {
  return (
    <article aria-label="Preview" className="rounded-lg bg-site-bg px-4 py-12 shadow-sm ring-1 ring-gray-200 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-3xl">
        {props.image && /^\/(?!\/)/.test(props.image) ? (
          <img src={props.image} alt={props.imageAlt} className="aspect-video w-full rounded-xl object-cover" />
        ) : null}
        <h1 className="mt-8 font-site-heading text-3xl font-bold text-site-headings sm:text-4xl">{props.title || 'Untitled'}</h1>
        <p className="mt-4 text-sm text-site-text">By {props.author}</p>
        {props.excerpt ? <p className="mt-6 text-lg leading-8 font-medium text-site-headings">{props.excerpt}</p> : null}
        {props.html === null ? (
          <p className="mt-6 text-gray-600">Loading preview…</p>
        ) : (
          <div className="site-prose mt-6 text-site-text" dangerouslySetInnerHTML={{ __html: props.html }} />
        )}
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
