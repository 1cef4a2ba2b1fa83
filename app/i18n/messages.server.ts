import en from './en.json';
import fr from './fr.json';
import type { Language } from './languages.ts';
import type { Messages } from './translate.ts';

// Bundled with the server; the page receives only its own language's messages
// in the loader data, so the browser never downloads both dictionaries.
const bundled: Record<Language, Messages> = { en, fr };

// Merged once per language: the dictionaries are bundled and never change while the server runs.
const merged = new Map<Language, Messages>();

export function getMessages(language: Language): Messages {
  if (language === 'en') return bundled.en;
  let messages = merged.get(language);
  if (!messages) merged.set(language, (messages = mergeDeep(bundled.en, bundled[language])));
  return messages;
}

/** English under the other language, so a missing French key shows English (docs/product.md, Languages: English is the fallback). */
function mergeDeep(base: Messages, over: Messages): Messages {
  const result: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = result[key];
    result[key] = typeof value === 'object' && typeof under === 'object' ? mergeDeep(under, value) : value;
  }
  return result;
}
