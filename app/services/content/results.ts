/** What a content write can answer besides success; routes turn each into a message or a status code. */
export type WriteFailure =
  | { ok: false; reason: 'forbidden' }
  | { ok: false; reason: 'not-found' }
  /** Someone saved (or trashed) the item after this editor opened it. */
  | { ok: false; reason: 'conflict' }
  | { ok: false; reason: 'invalid'; field: 'slug' | 'categories' | 'status'; message: string };

export type WriteResult<T = { id: string }> = ({ ok: true } & T) | WriteFailure;

export const FORBIDDEN = { ok: false, reason: 'forbidden' } as const;
export const NOT_FOUND = { ok: false, reason: 'not-found' } as const;
export const CONFLICT = { ok: false, reason: 'conflict' } as const;
