import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * One path per request, worked out once and read by every rule that decides on a path (the host check's health-check
 * exemption, Maintenance Mode, page views, the HTML cache and its node:http fast path, body limits, the admin's
 * Cache-Control): the path React Router matches, so a rule and the page rendered always agree.
 *
 * React Router matches the WHATWG-parsed URL, which resolves dot segments ('..' and '.', also spelled %2e, %2E, .%2e…)
 * and reads a backslash as a slash, then decodes each segment and compares without regard to case. A rule reading the
 * raw path would see /admin/../ as the admin while the router renders the home page. So a path with a dot segment or
 * a backslash in any spelling is refused before any rule runs (browsers resolve them before sending; only crafted
 * requests carry them), and what is left is decoded as the router decodes it and lowercased.
 */
export interface RequestPath {
  /** The path as sent, before `?` or `#`. */
  raw: string;
  /**
   * The path of the route the router answers: a data request's page (/blog.data is /blog, /_root.data is /), no
   * trailing slashes, percent-escapes decoded its way (an escaped slash stays %2f), lowercase.
   */
  path: string;
  /** A data request (….data): the loaders' data of `path`'s page, not the page. */
  data: boolean;
  /** The query as sent, without `?` ('' when none). */
  query: string;
  /** A dot segment or a backslash, in any spelling: the request is refused before any rule reads its path. */
  refused: boolean;
}

const KEY = Symbol('atelier.requestPath');
/** What the path is read from: a node:http request, or Express's (whose `url` a mounted middleware shortens; `originalUrl` stays). */
export type RequestTarget = Pick<IncomingMessage, 'url'> & { originalUrl?: string };
type Tagged = RequestTarget & { [KEY]?: RequestPath };

/** Lowercase, nothing escaped, no segment that starts with a dot, single slashes: the path is already what the router matches. */
const PLAIN = /^(?:\/[a-z0-9_~-][a-z0-9._~-]*)*\/?$/;
/**
 * A dot segment ('.' or '..', each dot also spelled %2e) between separators in any spelling (/, \, %2f, %5c), or a
 * backslash anywhere: one linear scan, no array of segments (a crafted path may have tens of thousands).
 */
const DOT_SEGMENT = /\\|(?:^|\/|%2f|%5c)(?:\.|%2e){1,2}(?:\/|%2f|%5c|$)/i;

function hasDotSegment(raw: string): boolean {
  return DOT_SEGMENT.test(raw);
}

/** React Router's own decoding (decodePath): each segment decoded, an escaped slash kept escaped; a malformed escape leaves the whole path as it is. */
function routerDecode(raw: string): string {
  try {
    return raw
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return raw;
  }
}

function compute(target: string): RequestPath {
  let end = target.indexOf('?');
  const hash = target.indexOf('#');
  if (hash !== -1 && (end === -1 || hash < end)) end = hash;
  const raw = end === -1 ? target : target.slice(0, end);
  const query = target[end] === '?' ? target.slice(end + 1, hash > end ? hash : undefined) : '';
  const plain = PLAIN.test(raw);
  // React Router's reading of the path (getNormalizedPath): a data request is its page's.
  let route = raw;
  const data = route.endsWith('.data');
  if (data) route = route === '/_root.data' ? '/' : route.slice(0, -'.data'.length);
  // Checked after .data is cut too: /admin/%2e..data asks for the data of /admin/%2e., which the router resolves to /.
  if (!plain && (hasDotSegment(raw) || hasDotSegment(route))) return { raw, path: raw.toLowerCase(), data, query, refused: true };
  // The router's patterns end in /*: /blog/ and /blog/// are /blog, // is /.
  let length = route.length;
  while (length > 1 && route[length - 1] === '/') length -= 1;
  route = route.slice(0, length);
  return { raw, path: plain ? route : routerDecode(route).toLowerCase(), data, query, refused: false };
}

/** The request's path, worked out on first use and then kept on the request (Express's request is the same object). */
export function requestPath(req: RequestTarget): RequestPath {
  const tagged = req as Tagged;
  return (tagged[KEY] ??= compute(tagged.originalUrl ?? req.url ?? '/'));
}

/** Whether `path` (a normalised path) is `prefix` or lies under it. */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

const REFUSAL = 'Bad request: the path has a dot segment ("." or "..", in any spelling) or a backslash.';

/** Answers 400 to a request whose path has a dot segment or a backslash; true when it did. Runs before anything else. */
export function refuseDotSegments(req: IncomingMessage, res: ServerResponse): boolean {
  if (!requestPath(req).refused) return false;
  res.writeHead(400, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(REFUSAL),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : REFUSAL);
  return true;
}
