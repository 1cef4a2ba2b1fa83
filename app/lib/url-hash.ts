/**
 * The element id a location hash names ("#services" → "services"), or '' when there is none. The hash comes
 * from the address bar, so it may be any text: a malformed escape ("#%", "#%E0%A4%A") is taken literally
 * rather than thrown, which would crash the page into its error boundary.
 */
export function hashTargetId(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
