import { ChevronDown } from 'lucide-react';

/** The lists' multi-select category filter: a post must have every ticked category. */
export function CategoryFilter({ categories, selected }: { categories: { id: string; name: string }[]; selected: string[] }) {
  return (
    <details className="group relative">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md bg-white px-3 py-2 text-sm font-medium text-gray-800 ring-1 ring-gray-300 ring-inset hover:bg-gray-50 [&::-webkit-details-marker]:hidden">
        Categories{selected.length ? ` (${selected.length})` : ''}
        <ChevronDown className="size-4 transition group-open:rotate-180" aria-hidden />
      </summary>
      <fieldset className="absolute z-20 mt-2 w-64 space-y-1 rounded-md bg-white p-3 shadow-lg ring-1 ring-gray-200">
        <legend className="sr-only">Filter by category</legend>
        {categories.map((category) => (
          <label key={category.id} className="flex items-center gap-2 rounded px-1 py-1 text-sm text-gray-800 hover:bg-gray-50">
            <input
              type="checkbox"
              name="category"
              value={category.id}
              defaultChecked={selected.includes(category.id)}
              className="size-4 rounded border-gray-300"
            />
            {category.name}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
