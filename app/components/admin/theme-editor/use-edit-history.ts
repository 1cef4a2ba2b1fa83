import { useCallback, useState } from 'react';

/** Changes to the same field this close together are one step of the history (typing a word is one undo). */
export const MERGE_WINDOW_MS = 800;
export const MAX_STEPS = 200;

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** What the last change edited and when, to merge a run of edits to one field. */
  last: { key: string; at: number } | null;
}

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [], last: null });

/** Records `next` as a step; a change of the same `key` within the merge window replaces the last step instead. */
export function recordChange<T>(h: History<T>, next: T, key: string | undefined, now: number): History<T> {
  if (Object.is(next, h.present)) return h;
  const merge = key !== undefined && h.last?.key === key && now - h.last.at < MERGE_WINDOW_MS && h.past.length > 0;
  const past = merge ? h.past : [...h.past, h.present].slice(-MAX_STEPS);
  return { past, present: next, future: [], last: key === undefined ? null : { key, at: now } };
}

export function undoStep<T>(h: History<T>): History<T> {
  return h.past.length ? { past: h.past.slice(0, -1), present: h.past.at(-1)!, future: [h.present, ...h.future], last: null } : h;
}

export function redoStep<T>(h: History<T>): History<T> {
  return h.future.length ? { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1), last: null } : h;
}

/**
 * Undo and redo over every change since the editor opened. `change(update, key)` records a step;
 * successive changes with the same `key` within a short time replace that step instead of adding one.
 */
export function useEditHistory<T>(initial: T) {
  const [history, setHistory] = useState<History<T>>(() => startHistory(initial));
  const change = useCallback(
    (update: (current: T) => T, key?: string) => setHistory((h) => recordChange(h, update(h.present), key, Date.now())),
    [],
  );
  const undo = useCallback(() => setHistory(undoStep), []);
  const redo = useCallback(() => setHistory(redoStep), []);
  /** Replaces the state without a history step. */
  const reset = useCallback((value: T) => setHistory(startHistory(value)), []);
  return { value: history.present, change, undo, redo, reset, canUndo: history.past.length > 0, canRedo: history.future.length > 0 };
}
