/**
 * Remembers the results of a pure function of one string (Markdown → sanitized HTML, a section
 * template over its content): the same input always gives the same output, so nothing needs
 * invalidating when content changes, a new input is simply a new entry. At most `limit` entries,
 * least recently used dropped first, so inputs nobody asks for again cannot grow memory.
 */
export function boundedMemo<T>(compute: (input: string) => T, limit = 256): (input: string) => T {
  const entries = new Map<string, T>();
  return (input) => {
    if (entries.has(input)) {
      const value = entries.get(input) as T;
      // Re-inserted: the Map's order is then least recently used first.
      entries.delete(input);
      entries.set(input, value);
      return value;
    }
    const value = compute(input);
    entries.set(input, value);
    if (entries.size > limit) entries.delete(entries.keys().next().value as string);
    return value;
  };
}
