/** A new random id: URL-safe, 128 bits, works in the browser and on the server. */
export function newId(): string {
  return crypto.randomUUID();
}

export function nowIso(): string {
  return new Date().toISOString();
}
