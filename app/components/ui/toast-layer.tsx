import type { Toast } from '#app/http/toast.server.ts';

import { FlashToast, Toasts } from './toasts.tsx';

export default function ToastLayer({ toast }: { toast: Toast | null }) {
  return (
    <>
      <Toasts />
      <FlashToast toast={toast} />
    </>
  );
}
