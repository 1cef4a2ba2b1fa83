import { type ChildNode, CssSyntaxError, parse } from 'postcss';

import { closesInsideBlock } from './css-blocks.ts';
import type { SectionName } from './model.ts';

/** The at-rules a section's CSS may hold: anything else could load, name or reach outside the section. */
const ALLOWED_AT_RULES = new Set(['media', 'supports']);
const ONLY_ALLOWED = 'may use only the at-rules @media and @supports';

// What postcss says when it cannot read the CSS, in the editor's words.
const SYNTAX_PROBLEMS: Record<string, string> = {
  'Unexpected }': 'closes a block it never opened',
  'Unclosed block': 'leaves a block open',
  'Unclosed string': 'has a string that is never closed',
  'Unclosed quote': 'has a string that is never closed',
  'Unclosed comment': 'has a comment that is never closed',
  'Unclosed bracket': 'leaves a bracket open',
  'At-rule without name': ONLY_ALLOWED,
};

type Read = { ok: true; css: string } | { ok: false; problem: string };

/**
 * Whether `text` (a selector, an at-rule's condition or a declaration's value, comments already
 * removed) can be written back without changing the structure a browser reads: no braces, no `</`
 * (the CSS is also inlined in a <style> element), and no line break inside a string (a browser ends
 * the string there and reads on, a CSS parser may not).
 */
function unsafeText(text: string): string | null {
  if (/[{}]/.test(text)) return 'has a brace where a block cannot start or end';
  if (text.includes('</')) return 'may not contain "</"';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote && char === '\\') i++;
    else if (quote && /[\n\r\f]/.test(char)) return 'has a line break inside a string';
    else if (quote && char === quote) quote = null;
    else if (!quote && (char === '"' || char === "'")) quote = char;
  }
  return null;
}

/** The nodes written back from the parsed tree (comments left out), or the first problem met. */
function write(nodes: ChildNode[]): Read {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'comment') continue;
    if (node.type === 'decl') {
      if (!/^(?:--|-?[a-z_])[\w-]*$/i.test(node.prop)) return { ok: false, problem: `has a property name that is not one: "${node.prop}"` };
      const unsafe = unsafeText(node.value);
      if (unsafe) return { ok: false, problem: `${unsafe} (${node.prop})` };
      out += `${node.prop}:${node.value}${node.important ? '!important' : ''};`;
      continue;
    }
    let head: string;
    if (node.type === 'atrule') {
      const name = node.name.toLowerCase();
      if (!ALLOWED_AT_RULES.has(name)) return { ok: false, problem: `${ONLY_ALLOWED}, not @${node.name}` };
      if (!node.nodes) return { ok: false, problem: `has an @${name} without a block` };
      const unsafe = unsafeText(node.params);
      if (unsafe) return { ok: false, problem: `${unsafe} (@${name})` };
      head = `@${name} ${node.params}`;
    } else {
      const unsafe = unsafeText(node.selector);
      if (unsafe) return { ok: false, problem: `${unsafe} (${node.selector.slice(0, 40)})` };
      head = node.selector;
    }
    const inner = write(node.nodes ?? []);
    if (!inner.ok) return inner;
    out += `${head}{${inner.css}}`;
  }
  return { ok: true, css: out };
}

/**
 * A section's CSS read with a real CSS parser (postcss) and written back from the parsed tree (comments
 * left out), so what is served has exactly the structure that was checked: no at-rule but @media and
 * @supports, and braces that a browser reads as they were written.
 */
export function readSectionCss(css: string): Read {
  if (/<\/?style/i.test(css)) return { ok: false, problem: 'may not contain a style tag' };
  try {
    const read = write(parse(css).nodes);
    // A second opinion from the browser's own tokenizer rules: the braces written are the braces read.
    if (read.ok && !closesInsideBlock(read.css))
      return { ok: false, problem: 'would be read differently by a browser (check its strings, escapes and url())' };
    return read;
  } catch (error) {
    if (!(error instanceof CssSyntaxError)) throw error;
    const where = error.line ? `, line ${error.line}` : '';
    return { ok: false, problem: SYNTAX_PROBLEMS[error.reason] ?? `cannot be read as CSS (${error.reason}${where})` };
  }
}

/** Why a section's CSS cannot be served, or null when it can. */
export function sectionCssProblem(css: string): string | null {
  const read = readSectionCss(css);
  return read.ok ? null : read.problem;
}

/**
 * A section's CSS applied to that section only, or '' when it cannot be served. Nested in a rule for the
 * section (CSS nesting: `h2 { … }` styles its headings, bare declarations the section itself, at the
 * specificity of the section's selector), inside `@scope` for the section: a selector that reaches
 * past it (`& ~ *`, `+ p`, `:root:has(&) p`) matches nothing outside the section.
 */
export function scopedSectionCss(name: SectionName, css: string): string {
  if (!css.trim()) return '';
  const read = readSectionCss(css);
  return read.ok && read.css ? `@scope ([data-section="${name}"]){:scope{${read.css}}}` : '';
}
