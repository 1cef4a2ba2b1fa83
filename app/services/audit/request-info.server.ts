import { AsyncLocalStorage } from 'node:async_hooks';

/** Where a request came from, as the audit log records it. */
export interface RequestInfo {
  ip: string;
  userAgent: string;
}

const storage = new AsyncLocalStorage<RequestInfo>();

/**
 * The server runs each request inside this, so an audit entry written deep in a service (a post
 * published, a permission refused) still says where the request came from, without every service
 * taking the request as a parameter.
 */
export function runWithRequestInfo<T>(info: RequestInfo, work: () => T): T {
  return storage.run(info, work);
}

export function currentRequestInfo(): RequestInfo {
  return storage.getStore() ?? { ip: '', userAgent: '' };
}
