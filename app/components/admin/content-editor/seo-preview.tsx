import { ImageIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { slugify } from '#app/lib/slug.ts';

/** Lengths search engines show before cutting (the usual guidance: about 60 and 160 characters). */
export const SEO_TITLE_LIMIT = 60;
export const SEO_DESCRIPTION_LIMIT = 160;

/** Which form fields give the title, description, image and path; the first non-empty of each list wins. */
export interface SeoSources {
  title: string[];
  description: string[];
  image: string;
  pathPrefix: string;
  siteName: string;
  /** The public title's form: a page's is "Title · Site", a post's meta title stands alone. */
  withSiteName: (fieldName: string) => boolean;
}

interface SeoValues {
  title: string;
  description: string;
  image: string;
  path: string;
}

function read(form: HTMLFormElement, sources: SeoSources): SeoValues {
  const values = new FormData(form);
  const first = (names: string[]) => {
    for (const name of names) {
      const value = String(values.get(name) ?? '').trim();
      if (value) return { name, value };
    }
    return { name: names[0]!, value: '' };
  };
  const title = first(sources.title);
  return {
    title: title.value && sources.withSiteName(title.name) ? `${title.value} · ${sources.siteName}` : title.value,
    description: first(sources.description).value,
    image: String(values.get(sources.image) ?? '').trim(),
    // The slug as it will be saved (the server normalises what was typed).
    path: `${sources.pathPrefix}${slugify(String(values.get('slug') ?? ''))}`,
  };
}

const cut = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text);

/**
 * SEO Settings' preview (docs/product.md, "SEO preview"): the search result and the social card the item will
 * give, from the form as it is being typed, with counters for the title's and the description's length.
 */
export function SeoPreview({ sources }: { sources: SeoSources }) {
  const ref = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<SeoValues>({ title: '', description: '', image: '', path: sources.pathPrefix });
  const [origin, setOrigin] = useState('');
  // Read when the form changes; the sources themselves never change while the editor is open.
  const sourcesRef = useRef(sources);

  useEffect(() => {
    const form = ref.current?.closest('form');
    if (!form) return;
    setOrigin(window.location.origin);
    // After the form's own handlers (the slug follows the title in one of them).
    const update = () => setTimeout(() => setValues(read(form, sourcesRef.current)), 0);
    update();
    form.addEventListener('input', update);
    form.addEventListener('change', update);
    return () => {
      form.removeEventListener('input', update);
      form.removeEventListener('change', update);
    };
  }, []);

  const host = origin.replace(/^https?:\/\//, '');
  return (
    <div ref={ref} className="space-y-4" aria-label="SEO preview" role="group">
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <Counter label="Title" length={values.title.length} limit={SEO_TITLE_LIMIT} />
        <Counter label="Description" length={values.description.length} limit={SEO_DESCRIPTION_LIMIT} />
      </div>
      <figure className="rounded-md border border-gray-200 p-4">
        <figcaption className="mb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase">Search result</figcaption>
        <div data-testid="seo-search-snippet">
          <p className="truncate text-xs text-gray-700">
            {host}
            {values.path}
          </p>
          <p className="truncate text-lg text-blue-800">{cut(values.title, SEO_TITLE_LIMIT) || 'Untitled'}</p>
          <p className="line-clamp-2 text-sm text-gray-700">{cut(values.description, SEO_DESCRIPTION_LIMIT) || 'No description yet.'}</p>
        </div>
      </figure>
      <figure className="overflow-hidden rounded-md border border-gray-200">
        <figcaption className="px-4 pt-3 text-xs font-semibold tracking-wide text-gray-600 uppercase">Social card</figcaption>
        <div data-testid="seo-social-card" className="m-4 overflow-hidden rounded-md border border-gray-200">
          {values.image && /^(\/(?!\/)|https:\/\/)/.test(values.image) ? (
            <img src={values.image} alt="" className="aspect-[1.91/1] w-full bg-gray-100 object-cover" />
          ) : (
            <div className="flex aspect-[1.91/1] w-full items-center justify-center gap-2 bg-gray-100 text-sm text-gray-600">
              <ImageIcon className="size-4" aria-hidden />
              No image
            </div>
          )}
          <div className="space-y-0.5 bg-gray-50 px-3 py-2">
            <p className="text-xs text-gray-600 uppercase">{host}</p>
            <p className="truncate text-sm font-semibold text-gray-900">{values.title || 'Untitled'}</p>
            <p className="line-clamp-2 text-xs text-gray-700">{values.description}</p>
          </div>
        </div>
      </figure>
    </div>
  );
}

function Counter({ label, length, limit }: { label: string; length: number; limit: number }) {
  const over = length > limit;
  return (
    <p className={over ? 'font-medium text-amber-800' : 'text-gray-700'}>
      {label}: {length} / {limit} characters{over ? ' (too long, it will be cut)' : ''}
    </p>
  );
}
