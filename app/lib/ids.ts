import { v7 as uuidv7 } from 'uuid';

/** A new random id: URL-safe, 128 bits, works in the browser and on the server. */
export function newId(): string {
  return crypto.randomUUID();
}

/**
 * A new id that sorts after every id this process made before it, even within one millisecond
 * (UUID version 7, monotonic): for rows listed in the order they were written, with the id
 * breaking ties between equal timestamps.
 */
export function newTimeOrderedId(): string {
  return uuidv7();
}

export function nowIso(): string {
  return new Date().toISOString();
}
