import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

import { readFormFields } from './form-fields.ts';

/** A pause in typing this long autosaves; typing on, at least this often; a request waits at most this long. */
const QUIET_MS = 2_000;
const AT_LEAST_EVERY_MS = 30_000;
const REQUEST_TIMEOUT_MS = 10_000;
const RETRY_MAX_MS = 30_000;

export type AutosaveStatus = { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: string } | { state: 'offline' };

/** Sequence numbers only grow within a tab, even when the editor is mounted again (a restore, a reload of the data). */
const lastSeq = new Map<string, number>();

/**
 * The editor's autosave (docs/product.md, "Autosave"): reads the form's fields (any widget that keeps its form field
 * in sync and fires `input` is covered) a little after typing stops and at least every 30 s, one request at a time,
 * each with a higher sequence number. Only an answer for the newest request sent counts as saved; answers never
 * touch the form. A failure shows "offline" and retries with backoff; leaving with unsaved text asks first.
 */
export function useAutosave(options: {
  formRef: RefObject<HTMLFormElement | null>;
  url: string;
  baseVersion: number | null;
  startSeq: number;
  enabled: boolean;
}) {
  const { formRef, url, baseVersion, enabled } = options;
  const [status, setStatus] = useState<AutosaveStatus>({ state: 'idle' });
  const changes = useRef(0);
  const acknowledged = useRef(0);
  const inFlight = useRef(false);
  const stopped = useRef(false);
  const failures = useRef(0);
  const quietTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const maxTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (!lastSeq.has(url) || lastSeq.get(url)! < options.startSeq) lastSeq.set(url, options.startSeq);

  const send = useCallback(async (): Promise<void> => {
    const form = formRef.current;
    if (!form || stopped.current || changes.current === acknowledged.current) return;
    if (inFlight.current) return;
    clearTimeout(quietTimer.current);
    clearTimeout(maxTimer.current);
    clearTimeout(retryTimer.current);
    maxTimer.current = undefined;
    inFlight.current = true;
    const upTo = changes.current;
    const seq = lastSeq.get(url)! + 1;
    lastSeq.set(url, seq);
    setStatus({ state: 'saving' });
    let retryAt: number | null = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ intent: 'autosave', seq, baseVersion, fields: readFormFields(form) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => null)) as { ok?: boolean; seq?: number; savedAt?: string } | null;
      if (!response.ok || !body?.ok || typeof body.seq !== 'number') throw new Error(`autosave answered ${response.status}`);
      if (body.seq > seq) {
        // This user's other tab autosaved the item later: go on above its number, with this tab's text.
        lastSeq.set(url, Math.max(lastSeq.get(url)!, body.seq));
        retryAt = 0;
      } else {
        failures.current = 0;
        acknowledged.current = Math.max(acknowledged.current, upTo);
        if (acknowledged.current === changes.current) setStatus({ state: 'saved', at: body.savedAt ?? new Date().toISOString() });
      }
    } catch {
      failures.current += 1;
      setStatus({ state: 'offline' });
      retryAt = Math.min(RETRY_MAX_MS, 1_000 * 2 ** failures.current);
    } finally {
      inFlight.current = false;
    }
    if (stopped.current) return;
    if (retryAt !== null) retryTimer.current = setTimeout(() => void send(), retryAt);
    // Typed while the request was out: that text goes next (the quiet timer may already have fired while waiting).
    else if (changes.current !== acknowledged.current) quietTimer.current = setTimeout(() => void send(), QUIET_MS);
  }, [formRef, url, baseVersion]);

  useEffect(() => {
    const form = formRef.current;
    if (!form || !enabled) return;
    const changed = () => {
      if (stopped.current) return;
      changes.current += 1;
      clearTimeout(quietTimer.current);
      quietTimer.current = setTimeout(() => void send(), QUIET_MS);
      maxTimer.current ??= setTimeout(() => void send(), AT_LEAST_EVERY_MS);
    };
    const submitted = () => {
      stopped.current = true;
    };
    const online = () => void send();
    const unsaved = (event: BeforeUnloadEvent) => {
      if (stopped.current || changes.current === acknowledged.current) return;
      event.preventDefault();
    };
    form.addEventListener('input', changed);
    form.addEventListener('change', changed);
    form.addEventListener('submit', submitted);
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', unsaved);
    return () => {
      form.removeEventListener('input', changed);
      form.removeEventListener('change', changed);
      form.removeEventListener('submit', submitted);
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', unsaved);
      clearTimeout(quietTimer.current);
      clearTimeout(maxTimer.current);
      clearTimeout(retryTimer.current);
    };
  }, [formRef, enabled, send]);

  /** Saves now what is unsaved (a take-over), however recently it was typed. */
  const flush = useCallback(() => void send(), [send]);
  /** Counts a change a script made (a restore loads text into the form). */
  const markChanged = useCallback(() => {
    formRef.current?.dispatchEvent(new Event('input', { bubbles: true }));
  }, [formRef]);

  return { status, flush, markChanged };
}
