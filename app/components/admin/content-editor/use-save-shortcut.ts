import { type RefObject, useEffect, useRef } from 'react';

import { SAVE_AND_STAY_FIELD } from '#app/lib/content-screens.ts';

import { type FormFields, readFormFields } from '../editing/form-fields.ts';

/**
 * Ctrl+S (Cmd+S on a Mac) saves the editor's form and stays in the editor (docs/product.md, "Editors"): the
 * browser's own "Save page" never opens. It submits through the form, as Save Changes does (the same checks and
 * messages), with a marker that makes the action return here instead of to the list. Nothing to save: nothing happens.
 * `onSubmit` learns what was sent, so what is typed while the save is on its way can be told apart afterwards.
 */
export function useSaveShortcut(
  formRef: RefObject<HTMLFormElement | null>,
  canSave: boolean,
  onSubmit?: (formId: string, sent: FormFields) => void,
) {
  const enabled = useRef(canSave);
  enabled.current = canSave;
  const submitted = useRef(onSubmit);
  submitted.current = onSubmit;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      const form = formRef.current;
      if (!form || !enabled.current) return;
      const stay = form.elements.namedItem(SAVE_AND_STAY_FIELD);
      if (stay instanceof HTMLInputElement) stay.value = '1';
      submitted.current?.(form.id, readFormFields(form));
      form.requestSubmit();
      if (stay instanceof HTMLInputElement) stay.value = '';
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [formRef]);
}
