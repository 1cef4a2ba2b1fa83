import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useFetcher } from 'react-router';

import { inputClass, secondaryButton } from '#app/components/ui/buttons.ts';
import { replyMessages } from '#app/components/ui/row-failure-toast.ts';
import type { ActionReply } from '#app/http/failure.server.ts';

export interface NamedCategory {
  id: string;
  name: string;
  names: Partial<Record<string, string>>;
}

/** One category's name in one language: saved on its own through a fetcher (the post editor's form is not involved). */
function NameRow(props: {
  category: NamedCategory;
  language: { code: string; label: string };
  onSaved: (category: NamedCategory) => void;
}) {
  const { category, language } = props;
  const [value, setValue] = useState(category.names[language.code] ?? '');
  const fetcher = useFetcher<ActionReply & { category?: NamedCategory }>();
  const error = replyMessages(fetcher.data)[0];
  const saved = fetcher.data?.category;
  useEffect(() => {
    if (!saved) return;
    toast.success('Category name saved');
    props.onSaved(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
  const id = `category-${category.id}-${language.code}`;
  const save = () =>
    fetcher.submit(
      { intent: 'name-category', id: category.id, language: language.code, name: value },
      { method: 'post', action: '/admin/blog/categories' },
    );
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-gray-700">
        {category.name} in {language.label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="text"
          value={value}
          maxLength={60}
          placeholder={category.name}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            save();
          }}
          className={inputClass}
        />
        <button
          type="button"
          className={secondaryButton}
          onClick={save}
          disabled={fetcher.state !== 'idle'}
          aria-label={`Save ${category.name} in ${language.label}`}
        >
          Save
        </button>
      </div>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

/**
 * The categories' names in the site's other languages (decision 030): what French visitors read in an article's meta.
 * An empty name shows the default-language name.
 */
export function CategoryNames(props: {
  categories: NamedCategory[];
  languages: { code: string; label: string }[];
  onSaved: (category: NamedCategory) => void;
}) {
  if (!props.languages.length || !props.categories.length) return null;
  return (
    <>
      {props.languages.map((language) => (
        <details key={language.code} className="mt-2 rounded-md border border-gray-200 p-2 text-sm">
          <summary className="cursor-pointer font-medium text-gray-800">Category names in {language.label}</summary>
          <div className="mt-2 space-y-2">
            {props.categories.map((category) => (
              <NameRow key={`${category.id}-${language.code}`} category={category} language={language} onSaved={props.onSaved} />
            ))}
          </div>
        </details>
      ))}
    </>
  );
}
