import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Form, useSubmit } from 'react-router';

import { inputClass, secondaryButton } from '#app/components/ui/buttons.ts';

/**
 * The GET form above a list: a search box (searched as the user types, after a pause) and
 * optional filters. Works without JavaScript through its Search button.
 */
export function ListFilters(props: { search: string; placeholder: string; label: string; children?: ReactNode }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The box is uncontrolled (typing must not re-render the list); when the address changes the search from elsewhere
  // (a folder or trash link, Back), show what the list is actually searched by, unless the user is typing in it.
  useEffect(() => {
    const input = searchBox.current;
    if (input && document.activeElement !== input && input.value !== props.search) input.value = props.search;
  }, [props.search]);
  return (
    <Form
      method="get"
      role="search"
      className="flex flex-wrap items-start gap-3"
      onChange={(event) => {
        const form = event.currentTarget;
        const isText = (event.target as HTMLElement).getAttribute('type') === 'search';
        clearTimeout(timer.current);
        timer.current = setTimeout(() => submit(form, { replace: true }), isText ? 300 : 0);
      }}
    >
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
