import { useEffect } from 'react';
import toast from 'react-hot-toast';

import type { ActionReply } from '#app/http/failure.server.ts';

/** The form-level messages of an action's reply (a refusal not tied to one field). */
export function replyMessages(reply: ActionReply | null | undefined): string[] {
  return reply?.result.error?.[''] ?? [];
}

/** The one way a screen shows a row action's failure: each form-level message of the reply as an error toast, once. */
export function useRowFailureToast(reply: ActionReply | null | undefined): void {
  useEffect(() => {
    for (const message of replyMessages(reply)) toast.error(message);
  }, [reply]);
}
