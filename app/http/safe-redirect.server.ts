// The origin relative targets are resolved against. Only the result's path is ever sent back, so
// this stand-in behaves exactly like the site's own origin for the same-origin check.
const BASE = 'http://site.invalid';
const BASE_ORIGIN = new URL(BASE).origin;

/** Controls (tab, newline…) and backslashes: browsers silently drop or rewrite them in a Location header. */
function hasUnsafeCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * The one decision on every redirect target that comes from user input
 * (?redirectTo=, a form's back link, the current URL): the target is resolved
 * the way a browser would resolve it and is accepted only when it stays on
 * this site. What comes back is the normalised path, so `/.//evil.example`
 * can never turn into `//evil.example` later. Anything else gives `fallback`.
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = '/admin'): string {
  if (typeof target !== 'string' || target.length > 2000 || !target.startsWith('/') || hasUnsafeCharacter(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE_ORIGIN || url.username || url.password) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path starting with two slashes (or a slash and a backslash) is read as another host.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  return path;
}
