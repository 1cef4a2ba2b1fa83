import { lazy, Suspense } from 'react';

import type { Toast } from '#app/http/toast.server.ts';

// The toast library is loaded only where toasts can appear (admin screens, or
// a pending flash message), so public pages do not download it.
const ToastLayer = lazy(() => import('./toast-layer.tsx'));

export function LazyToasts({ enabled, toast }: { enabled: boolean; toast: Toast | null }) {
  if (!enabled && !toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastLayer toast={toast} />
    </Suspense>
  );
}
