/** The page as the public site renders it: its title and its Markdown content as HTML (rendered and sanitised on the server). */
export function PagePreview({ title, html }: { title: string; html: string | null }) {
  return (
    <article aria-label="Preview" className="rounded-lg bg-white px-6 py-10 shadow-sm ring-1 ring-gray-200 sm:px-12">
      <h1 className="font-heading text-4xl font-bold text-gray-900">{title || 'Untitled'}</h1>
      {html === null ? (
        <p className="mt-6 text-gray-600">Loading preview…</p>
      ) : (
        <div className="rendered-content mt-6" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </article>
  );
}

/** The post as the public article shows it: title, excerpt, content split on newlines into paragraphs, tags. */
export function PostPreview(props: { title: string; excerpt: string; content: string; image: string; tags: string[]; author: string }) {
  const paragraphs = props.content.split('\n').filter((line) => line.trim() !== '');
  return (
    <article aria-label="Preview" className="rounded-lg bg-white px-6 py-10 shadow-sm ring-1 ring-gray-200 sm:px-12">
      {props.image && /^(\/(?!\/)|https?:\/\/)/i.test(props.image) ? (
        <img src={props.image} alt="" className="mb-8 aspect-video w-full rounded-lg object-cover" />
      ) : null}
      <h1 className="font-heading text-4xl font-bold text-gray-900">{props.title || 'Untitled'}</h1>
      <p className="mt-2 text-sm text-gray-600">{props.author}</p>
      {props.excerpt ? <p className="mt-6 text-lg text-gray-700">{props.excerpt}</p> : null}
      <div className="mt-6 space-y-4 text-gray-800">
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {props.tags.length ? (
        <p className="mt-8 flex flex-wrap gap-2 text-sm text-blue-800">
          {props.tags.map((tag) => (
            <span key={tag}>#{tag}</span>
          ))}
        </p>
      ) : null}
    </article>
  );
}
