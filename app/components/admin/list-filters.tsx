import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form } from 'react-router';

import { inputClass, secondaryButton } from '#app/components/ui/buttons.ts';

import { useSearchForm } from './use-search-form.ts';

/**
 * The GET form above a list: a search box (searched as the user types, after a pause) and
 * optional filters. Works without JavaScript through its Search button.
 */
export function ListFilters(props: { search: string; placeholder: string; label: string; children?: ReactNode }) {
  const { searchBox, onChange } = useSearchForm(props.search);
  return (
    <Form method="get" role="search" className="flex flex-wrap items-start gap-3" onChange={onChange}>
      <div className="relative w-full max-w-sm">
        <label htmlFor="list-search" className="sr-only">
          {props.label}
        </label>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" aria-hidden />
        <input
          ref={searchBox}
          id="list-search"
          type="search"
          name="q"
          defaultValue={props.search}
          placeholder={props.placeholder}
          className={`${inputClass} pl-9`}
        />
      </div>
      {props.children}
      <button type="submit" className={`${secondaryButton} sr-only focus:not-sr-only`}>
        Search
      </button>
    </Form>
  );
}
