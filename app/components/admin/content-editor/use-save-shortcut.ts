import { type RefObject, useEffect, useRef } from 'react';

import { SAVE_AND_STAY_FIELD } from '#app/lib/content-screens.ts';

/**
 * Ctrl+S (Cmd+S on a Mac) saves the editor's form and stays in the editor (docs/product.md, "Editors"): the
 * browser's own "Save page" never opens. It submits through the form, as Save Changes does (the same checks and
 * messages), with a marker that makes the action return here instead of to the list. Nothing to save: nothing happens.
 */
export function useSaveShortcut(formRef: RefObject<HTMLFormElement | null>, canSave: boolean) {
  const enabled = useRef(canSave);
  enabled.current = canSave;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      const form = formRef.current;
      if (!form || !enabled.current) return;
      const stay = form.elements.namedItem(SAVE_AND_STAY_FIELD);
      if (stay instanceof HTMLInputElement) stay.value = '1';
      form.requestSubmit();
      if (stay instanceof HTMLInputElement) stay.value = '';
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [formRef]);
}
