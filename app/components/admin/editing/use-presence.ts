import { useCallback, useEffect, useRef, useState } from 'react';

/** The heartbeat period (the server forgets an editor after a minute without one). */
const HEARTBEAT_MS = 15_000;

export interface OtherEditor {
  name: string;
  since: string;
  mode: 'editing' | 'viewing';
}

/** One id per browser tab, so a take-over tells this tab and not the same user's other one. */
const TAB_ID = typeof crypto === 'undefined' ? 'server' : crypto.randomUUID();

/**
 * Edit presence (docs/product.md, "Edit presence"): tells the server every 15 s that this tab has the item open,
 * editing or read-only, and learns who else has it and whether someone took it over from this tab.
 */
export function usePresence(options: { url: string; enabled: boolean; startMode: 'editing' | 'viewing' }) {
  const { url, enabled } = options;
  const [mode, setMode] = useState(options.startMode);
  const [others, setOthers] = useState<OtherEditor[]>([]);
  const [takenOverBy, setTakenOverBy] = useState<string | null>(null);
  const modeRef = useRef(mode);
  modeRef.current = mode;

  const post = useCallback(
    (body: object, keepalive = false) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...body, tabId: TAB_ID }),
        keepalive,
      }),
    [url],
  );

  const beat = useCallback(async () => {
    try {
      const response = await post({ intent: 'heartbeat', mode: modeRef.current });
      const body = (await response.json()) as { ok?: boolean; others?: OtherEditor[]; takenOverBy?: string | null };
      if (!body.ok) return;
      setOthers(body.others ?? []);
      if (body.takenOverBy) setTakenOverBy(body.takenOverBy);
    } catch {
      // Offline: the autosave says so; presence tries again at the next beat.
    }
  }, [post]);

  useEffect(() => {
    if (!enabled || takenOverBy) return;
    void beat();
    const timer = setInterval(() => void beat(), HEARTBEAT_MS);
    const leave = () => void post({ intent: 'leave' }, true).catch(() => undefined);
    window.addEventListener('pagehide', leave);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
    };
  }, [enabled, beat, post, takenOverBy]);

  // Leaving the editor (another screen) ends the presence; a remount of the same editor beats again at once.
  useEffect(() => {
    if (!enabled) return;
    return () => void post({ intent: 'leave' }, true).catch(() => undefined);
  }, [enabled, post]);

  const takeOver = useCallback(async () => {
    const response = await post({ intent: 'take-over' });
    if (!response.ok) return false;
    setMode('editing');
    modeRef.current = 'editing';
    await beat();
    return true;
  }, [post, beat]);

  return { mode, others, takenOverBy, takeOver };
}
