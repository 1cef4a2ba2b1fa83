import { type FormEvent, useCallback, useEffect, useRef } from 'react';
import { useSubmit } from 'react-router';

/** Typing waits for a pause before the list is searched; a select or checkbox searches at once. */
const TYPING_PAUSE_MS = 300;

/**
 * The behaviour of a list's GET search form: submitted as the user types (after a pause) or changes a filter,
 * replacing the history entry. The search box is uncontrolled (typing must not re-render the list), so this
 * also keeps it honest with the address: text typed before the page's script ran is searched on hydration,
 * and a search changed from elsewhere (a folder link, Back) shows in the box unless the user is typing in it.
 */
export function useSearchForm(search: string) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    const input = searchBox.current;
    if (input?.form && input.value !== search) submit(input.form, { replace: true });
    // Only once, on hydration: later differences are the user typing (onChange) or the address changing (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const input = searchBox.current;
    if (input && document.activeElement !== input && input.value !== search) input.value = search;
  }, [search]);
  const onChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const isText = (event.target as HTMLElement).getAttribute('type') === 'search';
      clearTimeout(timer.current);
      timer.current = setTimeout(() => submit(form, { replace: true }), isText ? TYPING_PAUSE_MS : 0);
    },
    [submit],
  );
  return { searchBox, onChange };
}
