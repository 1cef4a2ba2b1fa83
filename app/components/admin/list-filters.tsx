import type { ReactNode } from 'react';
import { Form } from 'react-router';

import { inputClass, secondaryButton } from '#app/components/ui/buttons.ts';
import { SearchInput } from '#app/components/ui/search-input.tsx';

import { useSearchForm } from './use-search-form.ts';

/**
 * The GET form above a list: a search box (searched as the user types, after a pause) and
 * optional filters. Works without JavaScript through its Search button.
 */
export function ListFilters(props: { search: string; placeholder: string; label: string; children?: ReactNode }) {
  const { searchBox, onChange } = useSearchForm(props.search);
  return (
    <Form method="get" role="search" className="flex flex-wrap items-start gap-3" onChange={onChange}>
      <SearchInput
        id="list-search"
        label={props.label}
        wrapperClassName="w-full max-w-sm"
        className={inputClass}
        ref={searchBox}
        name="q"
        defaultValue={props.search}
        placeholder={props.placeholder}
      />
      {props.children}
      <button type="submit" className={`${secondaryButton} sr-only focus:not-sr-only`}>
        Search
      </button>
    </Form>
  );
}
