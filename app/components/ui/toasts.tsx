import { useEffect, useState } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { useLocation } from 'react-router';

import { TOAST_DURATIONS_MS } from '#app/lib/toast-constants.ts';

/** Below the admin's 4rem top bar, with a gap. */
const BELOW_TOP_BAR_PX = 72;

/**
 * How far down toasts start: below the top bar and below the screen's heading row while it is in
 * view, so a toast (which pauses while the pointer rests on it) never covers the heading's action
 * buttons (View Trash, Create New Page, …).
 */
function useToastTop(): number {
  const { pathname } = useLocation();
  const [top, setTop] = useState(BELOW_TOP_BAR_PX);
  useEffect(() => {
    const measure = () => {
      const header = document.querySelector('[data-page-header]');
      const bottom = header ? header.getBoundingClientRect().bottom + 8 : 0;
      setTop(Math.max(BELOW_TOP_BAR_PX, Math.round(bottom)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', measure);
    };
  }, [pathname]);
  return top;
}

/** Toasts appear top-right with the durations of docs/product.md (Constants), below the admin top bar. */
export function Toasts() {
  const top = useToastTop();
  return (
    <Toaster
      position="top-right"
      containerStyle={{ top }}
      toastOptions={{
        duration: TOAST_DURATIONS_MS.blank,
        success: { duration: TOAST_DURATIONS_MS.success },
        error: { duration: TOAST_DURATIONS_MS.error },
        loading: { duration: TOAST_DURATIONS_MS.loading },
      }}
    />
  );
}

/** Shows a toast handed over by the server after a redirect. */
export function FlashToast({ toast: flash }: { toast: { type: 'success' | 'error' | 'blank'; message: string } | null }) {
  useEffect(() => {
    if (!flash) return;
    if (flash.type === 'success') toast.success(flash.message);
    else if (flash.type === 'error') toast.error(flash.message);
    else toast(flash.message);
  }, [flash]);
  return null;
}
