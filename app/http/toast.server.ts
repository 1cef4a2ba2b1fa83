import { redirect } from 'react-router';

import { getToastCookie } from './cookies.server.ts';
import { safeRedirectPath } from './safe-redirect.server.ts';

export type ToastType = 'success' | 'error' | 'blank';
export interface Toast {
  type: ToastType;
  message: string;
}

export async function toastCookieHeader(toast: Toast): Promise<string> {
  return getToastCookie().serialize(toast);
}

/**
 * Redirects and shows `toast` on the next page (docs/product.md, Messages and confirmations: success toasts follow saves that return to a list).
 * Targets are often built from the request (a list's filters): they pass the one same-origin check.
 */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await toastCookieHeader(toast));
  return redirect(safeRedirectPath(url), { ...init, headers });
}

/** Reads the pending toast, with the header that clears it. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const cookie = getToastCookie();
  const value: unknown = await cookie.parse(request.headers.get('Cookie'));
  const headers = new Headers();
  if (!value) return { toast: null, headers };
  headers.append('Set-Cookie', await cookie.serialize('', { maxAge: 0 }));
  const toast = value as Partial<Toast>;
  const valid = typeof toast.message === 'string' && ['success', 'error', 'blank'].includes(String(toast.type));
  return { toast: valid ? (toast as Toast) : null, headers };
}
