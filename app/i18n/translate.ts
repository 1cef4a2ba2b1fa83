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
  const lookup = (source: Messages | undefined, key: string) => {
    let node: string | Messages | undefined = source;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  return (key, values) => {
    const text = lookup(messages, key) ?? lookup(fallback, key) ?? key;
    return values ? text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match)) : text;
  };
}
