import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useFetcher } from 'react-router';

import { inputClass, secondaryButton } from '#app/components/ui/buttons.ts';
import { replyMessages } from '#app/components/ui/row-failure-toast.ts';
import type { ActionReply } from '#app/http/failure.server.ts';
import { formConstraint } from '#app/lib/form-constraint.ts';
import { categoryNameSchema } from '#app/schemas/post.ts';

import { CategoryNames, type NamedCategory } from './category-names.tsx';

type Category = NamedCategory;

// Not a form of its own (it sits inside the post editor's form): the add posts through a fetcher, the limit still comes from the schema.
const NAME_CONSTRAINT = formConstraint(categoryNameSchema).name;

/**
 * The post's categories: ticked boxes submitted as `name`, plus an input that adds a new
 * category on the server (trimmed, not empty, not a duplicate) and ticks it.
 */
export function CategoryPicker(props: {
  name: string;
  categories: Category[];
  defaultSelected: string[];
  error?: string;
  canAdd: boolean;
  /** The site's languages other than the default: each category may be named in them. */
  languages?: { code: string; label: string }[];
}) {
  const [categories, setCategories] = useState(props.categories);
  const [added, setAdded] = useState<string[]>([]);
  const [newName, setNewName] = useState('');
  const adder = useFetcher<ActionReply & { category?: Category }>();
  const adderError = replyMessages(adder.data)[0];
  const boxes = useRef<HTMLDivElement>(null);
  const lastAdded = adder.data?.category;

  useEffect(() => {
    if (!lastAdded) return;
    toast.success('Category added successfully');
    setNewName('');
    setCategories((current) =>
      current.some((c) => c.id === lastAdded.id) ? current : [...current, lastAdded].sort((a, b) => a.name.localeCompare(b.name)),
    );
    setAdded((current) => [...current, lastAdded.id]);
  }, [lastAdded]);

  // Tell the form (validation, unsaved-changes tracking) that a box was ticked for the user.
  useEffect(() => {
    const id = added.at(-1);
    const box = id ? boxes.current?.querySelector<HTMLInputElement>(`input[value="${CSS.escape(id)}"]`) : null;
    box?.dispatchEvent(new Event('input', { bubbles: true }));
  }, [added]);

  const add = () => {
    const name = newName.trim();
    if (!name) return;
    adder.submit({ name }, { method: 'post', action: '/admin/blog/categories' });
  };
  const errorId = `${props.name}-error`;

  return (
    <fieldset aria-describedby={props.error ? errorId : undefined}>
      <legend className="mb-1 block text-sm font-medium text-gray-800">Categories</legend>
      <div ref={boxes} className="max-h-48 space-y-1 overflow-y-auto rounded-md border border-gray-300 p-2">
        {categories.map((category) => (
          <label key={category.id} className="flex items-center gap-2 rounded px-1 py-1 text-sm text-gray-800 hover:bg-gray-50">
            <input
              type="checkbox"
              name={props.name}
              value={category.id}
              defaultChecked={props.defaultSelected.includes(category.id) || added.includes(category.id)}
              className="size-4 rounded border-gray-300"
            />
            {category.name}
          </label>
        ))}
      </div>
      {props.error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      ) : null}
      {props.canAdd ? (
        <CategoryNames
          categories={categories}
          languages={props.languages ?? []}
          onSaved={(saved) => setCategories((current) => current.map((c) => (c.id === saved.id ? saved : c)))}
        />
      ) : null}
      {props.canAdd ? (
        <div className="mt-2">
          <label htmlFor="new-category" className="sr-only">
            New category
          </label>
          <div className="flex gap-2">
            <input
              id="new-category"
              type="text"
              value={newName}
              placeholder="Add new category"
              maxLength={NAME_CONSTRAINT?.maxLength}
              onChange={(event) => setNewName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                add();
              }}
              className={inputClass}
            />
            <button type="button" className={secondaryButton} onClick={add} disabled={!newName.trim() || adder.state !== 'idle'}>
              <Plus className="size-4" aria-hidden />
              Add
            </button>
          </div>
          {adderError ? <p className="mt-1 text-sm text-red-700">{adderError}</p> : null}
        </div>
      ) : null}
    </fieldset>
  );
}
