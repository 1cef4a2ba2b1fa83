import { useEffect } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { TOAST_DURATIONS_MS } from '#app/lib/toast-constants.ts';

/** Toasts appear top-right with the durations of spec section 9. */
export function Toasts() {
  return (
    <Toaster
      position="top-right"
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
