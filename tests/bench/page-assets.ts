import { gzipSync } from 'node:zlib';

/** The JavaScript and CSS files an HTML page loads: script src, module preloads, stylesheets and inline imports. */
export function pageAssets(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) js.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    if (/rel="modulepreload"/.test(tag)) js.add(href);
    if (/rel="stylesheet"/.test(tag)) css.add(href);
  }
  for (const match of html.matchAll(/import\s*(?:\(\s*)?["']([^"']+\.js)["']/g)) js.add(match[1]!);
  return { js: [...js], css: [...css] };
}

/** Gzipped bytes (level 9) of each file, fetched from `origin`. */
export async function gzippedSize(origin: string, files: string[]): Promise<number> {
  let total = 0;
  for (const file of files) {
    const body = Buffer.from(await (await fetch(new URL(file, origin))).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}
