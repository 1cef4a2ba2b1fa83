/** Translation messages: nested objects of strings, in the i18next JSON format. */
export type Messages = { [key: string]: string | Messages };
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A t() over one language's messages: dotted keys, {{name}} interpolation and
 * the key itself when missing. i18next would cost about 15 KB of gzipped
 * JavaScript on every public page for features the site does not use (see
 * docs/decisions/003-public-site-speed.md); the message files stay i18next-compatible.
 */
export function createTranslate(messages: Messages, fallback?: Messages): Translate {
  const own = flattened(messages);
  const other = fallback ? flattened(fallback) : undefined;
  return (key, values) => {
    const text = own.get(key) ?? other?.get(key) ?? key;
    return values ? text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match)) : text;
  };
}

// Per dictionary, once: a page looks up a few hundred keys, and the dictionaries never change while the server runs.
const flat = new WeakMap<Messages, Map<string, string>>();

/** The dictionary's strings by dotted key ("nav.home"). */
function flattened(messages: Messages): Map<string, string> {
  let keys = flat.get(messages);
  if (keys) return keys;
  keys = new Map();
  const walk = (node: Messages, prefix: string) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === 'string') keys.set(prefix + name, value);
      else walk(value, `${prefix}${name}.`);
    }
  };
  walk(messages, '');
  flat.set(messages, keys);
  return keys;
}
