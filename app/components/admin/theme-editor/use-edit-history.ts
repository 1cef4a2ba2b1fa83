import { useCallback, useState } from 'react';

/** Changes to the same field this close together are one step of the history (typing a word is one undo). */
const MERGE_WINDOW_MS = 800;
const MAX_STEPS = 200;

interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** What the last change edited and when, to merge a run of edits to one field. */
  last: { key: string; at: number } | null;
}

/**
 * Undo and redo over every change since the editor opened. `change(next, key)` records a step;
 * successive changes with the same `key` within a short time replace that step instead of adding one.
 */
export function useEditHistory<T>(initial: T) {
  const [history, setHistory] = useState<History<T>>({
    past: [],
    present: initial,
    future: [],
    last: null,
  });

  const change = useCallback((update: (current: T) => T, key?: string) => {
    setHistory((h) => {
      const next = update(h.present);
      if (Object.is(next, h.present)) return h;
      const now = Date.now();
      const merge = key !== undefined && h.last?.key === key && now - h.last.at < MERGE_WINDOW_MS && h.past.length > 0;
      const past = merge ? h.past : [...h.past, h.present].slice(-MAX_STEPS);
      return {
        past,
        present: next,
        future: [],
        last: key === undefined ? null : { key, at: now },
      };
    });
  }, []);

  const undo = useCallback(() => {
    setHistory((h) =>
      h.past.length
        ? {
            past: h.past.slice(0, -1),
            present: h.past.at(-1)!,
            future: [h.present, ...h.future],
            last: null,
          }
        : h,
    );
  }, []);

  const redo = useCallback(() => {
    setHistory((h) =>
      h.future.length
        ? {
            past: [...h.past, h.present],
            present: h.future[0]!,
            future: h.future.slice(1),
            last: null,
          }
        : h,
    );
  }, []);

  /** Replaces the state without a history step (a restored version starts a fresh history). */
  const reset = useCallback((value: T) => setHistory({ past: [], present: value, future: [], last: null }), []);

  return {
    value: history.present,
    change,
    undo,
    redo,
    reset,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
