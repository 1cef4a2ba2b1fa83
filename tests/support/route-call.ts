import { getSessionCookie } from '#app/http/cookies.server.ts';
import { createSession } from '#app/services/auth/session-store.server.ts';

/** What a loader or action answered, however it answered (returned or thrown, Response or `data()`). */
export interface RouteAnswer {
  status: number;
  location: string | null;
  data: unknown;
  headers: Headers;
}

interface DataWithInit {
  type: 'DataWithResponseInit';
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}

function answerOf(value: unknown): RouteAnswer {
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get('Location'), data: null, headers: value.headers };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, location: headers.get('Location'), data: value.data, headers };
  }
  return { status: 200, location: null, data: value, headers: new Headers() };
}

type RouteFunction = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

/** Calls a route module's loader or action in this process, as React Router would. */
export async function callRoute(
  handler: RouteFunction,
  options: { path: string; params?: Record<string, string>; cookie?: string; form?: Record<string, string | string[]>; method?: string },
): Promise<RouteAnswer> {
  const headers = new Headers({ 'User-Agent': 'route-call test' });
  if (options.cookie) headers.set('Cookie', options.cookie);
  let body: URLSearchParams | undefined;
  if (options.form) {
    body = new URLSearchParams();
    for (const [name, value] of Object.entries(options.form)) for (const item of [value].flat()) body.append(name, item);
  }
  const method = options.method ?? (options.form ? 'POST' : 'GET');
  const request = new Request(new URL(options.path, 'http://localhost'), { method, headers, body });
  try {
    return answerOf(await handler({ request, params: options.params ?? {}, context: { clientIp: '127.0.0.1' } }));
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return answerOf(thrown);
    throw thrown;
  }
}

/** A signed session cookie for a stored user. */
export async function sessionCookieFor(userId: string): Promise<string> {
  const { token } = await createSession(userId, 'route-call test');
  const header = await getSessionCookie().serialize(token);
  return header.split(';')[0]!;
}
