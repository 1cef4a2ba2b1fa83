import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

import { useLeaveGuard } from './use-leave-guard.ts';

function serialize(form: HTMLFormElement): string {
  const entries = [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return new URLSearchParams(entries).toString();
}

/**
 * Tracks whether the form differs from what it was opened with (`canSave`: the Save button
 * stays disabled until it does) and, while it does, asks before leaving: in-app links through a
 * blocker the caller shows as a dialog, reloads and tab closes through the browser's prompt.
 */
export function useUnsavedChanges(formRef: RefObject<HTMLFormElement | null>, startsChanged = false) {
  const initial = useRef<string | null>(null);
  // A form opened with a restored revision or autosave differs from the saved item from the start.
  const [changed, setChanged] = useState(startsChanged);
  // Until the script runs nothing can tell a change, so the server-rendered Save stays usable
  // (the form works without JavaScript); once hydrated, Save waits for a change.
  const [tracking, setTracking] = useState(false);

  useEffect(() => {
    if (formRef.current) initial.current = serialize(formRef.current);
    setTracking(true);
  }, [formRef]);

  /** Call on every input or change event of the form (and after a script sets a field). */
  const recheck = useCallback(() => {
    // After React has re-rendered, so fields that appear or disappear are counted right.
    setTimeout(() => {
      const form = formRef.current;
      if (form && initial.current !== null) setChanged(startsChanged || serialize(form) !== initial.current);
    }, 0);
  }, [formRef, startsChanged]);

  const blocker = useLeaveGuard(changed);

  return { changed, canSave: changed || !tracking, recheck, blocker };
}
