import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';

import { figuresFromEntries, type TimingFigures } from '#app/lib/server-timings.ts';

import { TimingFigureList } from './timing-figures.tsx';

type TimedEntry = PerformanceEntry & { serverTiming?: readonly PerformanceServerTiming[] };

/**
 * The Server-Timing figures of the page's latest request: the document itself on a full load, the
 * data request of a client navigation afterwards. The browser exposes them to the page in a secure
 * context (HTTPS, or localhost), which the admin's secure session cookie needs anyway.
 */
function latestFigures(): TimingFigures | null {
  if (typeof performance === 'undefined') return null;
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')] as TimedEntry[];
  for (let i = entries.length - 1; i >= 0; i--) {
    const timing = entries[i]?.serverTiming;
    const figures = timing?.length ? figuresFromEntries(timing) : null;
    if (figures) return figures;
  }
  return null;
}

function readAndClear(): TimingFigures | null {
  const figures = latestFigures();
  // The browser stops recording once its resource buffer (150 entries) is full; start afresh each time.
  performance.clearResourceTimings();
  return figures;
}

/** Debug Mode's panel in the admin shell: shown to administrators (manage_settings) while Debug Mode is on. */
export function AdminTimingsPanel() {
  const location = useLocation();
  const idle = useNavigation().state === 'idle';
  const [figures, setFigures] = useState<TimingFigures | null>(null);
  useEffect(() => {
    // Read after each navigation settles, when its data request's entry has been recorded.
    if (idle) setFigures(readAndClear());
  }, [idle, location.key]);
  return (
    <details
      data-debug-panel
      className="fixed right-3 bottom-3 z-40 rounded-md border border-gray-300 bg-white p-3 text-xs text-gray-900 shadow-lg"
    >
      <summary className="cursor-pointer font-semibold">Server timings</summary>
      <div className="mt-2">{figures ? <TimingFigureList figures={figures} /> : <p>No Server-Timing figures for this page yet.</p>}</div>
    </details>
  );
}
