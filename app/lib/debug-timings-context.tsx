import { createContext, useContext } from 'react';

import type { TimingSnapshot } from './server-timings.ts';

const DebugTimingsContext = createContext<TimingSnapshot | null>(null);

/** Set by entry.server.tsx for a request Debug Mode measures; null otherwise, and always in the browser. */
export const DebugTimingsProvider = DebugTimingsContext.Provider;

export function useDebugTimings(): TimingSnapshot | null {
  return useContext(DebugTimingsContext);
}
