import { createReadStream } from 'node:fs';

import { SaxesParser } from 'saxes';

/** An element of the export as read: its name as written (`wp:post_id`), attributes, own text (CDATA included), children. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

/** One thing the channel holds: a simple field (`wp:base_site_url`…) or a whole author, term or item. */
export type WxrEntry = { kind: 'field'; node: XmlNode } | { kind: 'author' | 'category' | 'tag' | 'item'; node: XmlNode };

/** The whole file is not an export we can read (not XML, or not a WordPress export): nothing is imported. */
export class WxrFormatError extends Error {}

const GATHERED: Record<string, WxrEntry['kind']> = { 'wp:author': 'author', 'wp:category': 'category', 'wp:tag': 'tag', item: 'item' };
/** An item larger than this (content, meta and comments together) is read no further: the rest of its text is dropped. */
const MAX_NODE_TEXT = 4_000_000;

/**
 * Reads a WordPress eXtended RSS file as a stream (saxes, decision 033): the channel's fields, authors, categories,
 * tags and items are handed out one at a time as each closes, so an export of any size is read in little memory.
 */
export async function* readWxr(path: string): AsyncGenerator<WxrEntry> {
  const parser = new SaxesParser({ position: true });
  const ready: WxrEntry[] = [];
  // The open elements: names above the gathered one; nodes from the gathered one down.
  const names: string[] = [];
  const nodes: XmlNode[] = [];
  let sawRss = false;
  let sawChannel = false;
  let textBudget = MAX_NODE_TEXT;

  parser.on('error', (error) => {
    throw new WxrFormatError(`This is not a readable WordPress export: ${error.message}`);
  });
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes)) attrs[key] = typeof value === 'string' ? value : value.value;
    const node: XmlNode = { name: tag.name, attrs, text: '', children: [] };
    if (nodes.length) {
      nodes.at(-1)!.children.push(node);
      nodes.push(node);
      return;
    }
    if (!names.length && tag.name !== 'rss')
      throw new WxrFormatError(`This is not a WordPress export: it starts with <${tag.name}>, not <rss>.`);
    if (tag.name === 'rss') sawRss = true;
    const inChannel = names.length === 2 && names[1] === 'channel';
    if (names.length === 1 && tag.name === 'channel') sawChannel = true;
    if (inChannel) {
      nodes.push(node);
      textBudget = MAX_NODE_TEXT;
      return;
    }
    names.push(tag.name);
  });
  const addText = (text: string) => {
    const node = nodes.at(-1);
    if (!node || textBudget <= 0) return;
    const kept = text.slice(0, textBudget);
    textBudget -= kept.length;
    node.text += kept;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    if (!nodes.length) {
      names.pop();
      return;
    }
    const node = nodes.pop()!;
    if (nodes.length) return;
    const kind = GATHERED[node.name];
    ready.push(kind ? { kind, node } : { kind: 'field', node });
  });

  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream) {
      parser.write(chunk as string);
      while (ready.length) yield ready.shift()!;
    }
    parser.close();
  } finally {
    stream.destroy();
  }
  while (ready.length) yield ready.shift()!;
  if (!sawRss || !sawChannel) throw new WxrFormatError('This is not a WordPress export: it has no <rss><channel>.');
}
