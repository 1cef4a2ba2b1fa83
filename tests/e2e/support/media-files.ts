import { randomUUID } from 'node:crypto';

/** A 1×1 PNG: the smallest real image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=',
  'base64',
);
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
export const TINY_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="5" fill="#2563eb"/></svg>',
);
export const HTML_PAGE = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** A name no other test (or earlier run) uses. */
export function uniqueName(stem: string): string {
  return `${stem}-${randomUUID().slice(0, 8)}`;
}
