import { useDebugTimings } from '#app/lib/debug-timings-context.tsx';
import { figuresOf, RENDER_MS_PLACEHOLDER } from '#app/lib/server-timings.ts';

import { TimingFigureList } from './timing-figures.tsx';

/**
 * Debug Mode's panel on a public page, for a signed-in administrator only: public pages are not
 * hydrated (decision 015), so it is plain server-rendered HTML, a <details> element needing no script.
 * The figures are those of this very request; its render time is filled in after rendering.
 */
export function SiteTimingsPanel() {
  const snapshot = useDebugTimings();
  if (!snapshot) return null;
  return (
    <details
      data-debug-panel
      className="fixed right-3 bottom-3 z-50 rounded-md border border-gray-300 bg-white p-3 text-xs text-gray-900 shadow-lg"
    >
      <summary className="cursor-pointer font-semibold">Server timings</summary>
      <div className="mt-2">
        <TimingFigureList figures={figuresOf(snapshot)} renderText={`${RENDER_MS_PLACEHOLDER} ms`} />
      </div>
    </details>
  );
}
