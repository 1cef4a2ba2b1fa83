/**
 * Settings → Code Injection on public pages (docs/decisions/034): the snippets spliced into the rendered HTML, their
 * scripts given the page's nonce, and the sources they load from added to the Content Security Policy.
 */

export const MAX_SCRIPT_SOURCES = 20;

/**
 * A source the Content Security Policy may allow for injected code: an https origin (a host name with at least one
 * dot, or a `*.` wildcard below a domain), an optional port and path. Never a keyword, a bare scheme, `*`, http, or
 * anything with a quote, space or `;` that could end the directive.
 */
const SOURCE = /^https:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d{1,5})?(\/[A-Za-z0-9._~%/-]*)?$/i;

export function isScriptSource(source: string): boolean {
  return source.length <= 200 && SOURCE.test(source);
}

/** The directives the sources are added to: the script itself, what it sends (beacons) and its pixels. */
const EXTENDED_DIRECTIVES = ['script-src', 'connect-src', 'img-src'];

/** `policy` (a Content-Security-Policy header) with `sources` added to script-src, connect-src and img-src. */
export function policyWithSources(policy: string, sources: readonly string[]): string {
  const allowed = sources.filter(isScriptSource);
  if (!allowed.length) return policy;
  return policy
    .split(';')
    .map((directive) => {
      const name = directive.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
      return EXTENDED_DIRECTIVES.includes(name) ? `${directive.trimEnd()} ${allowed.join(' ')}` : directive;
    })
    .join(';');
}

/** Each `<script` of `snippet` carries `nonce` (which the page's policy allows); nothing else is changed. */
function withNonce(snippet: string, nonce: string): string {
  return nonce ? snippet.replace(/<script\b/gi, `<script nonce="${nonce}"`) : snippet;
}

/** `html` with `head` at the end of its head and `footer` at the end of its body, their scripts given `nonce`. */
export function injectCode(html: string, { head, footer }: { head: string; footer: string }, nonce: string): string {
  let result = html;
  if (head) {
    const at = result.indexOf('</head>');
    if (at !== -1) result = `${result.slice(0, at)}${withNonce(head, nonce)}${result.slice(at)}`;
  }
  if (footer) {
    const at = result.lastIndexOf('</body>');
    if (at !== -1) result = `${result.slice(0, at)}${withNonce(footer, nonce)}${result.slice(at)}`;
  }
  return result;
}
