import { describe, expect, it } from 'vitest';

import { canEditPost, canTrashPost, postStatusesFor } from '#app/lib/content-permissions.ts';
import { relativeTime } from '#app/lib/relative-time.ts';
import { isReservedPageSlug, slugify } from '#app/lib/slug.ts';
import { fromDateTimeLocal, toDateTimeLocal } from '#app/schemas/content-fields.ts';
import { renderMarkdown } from '#app/services/content/markdown.server.ts';

describe('slugs', () => {
  it('lowercases, strips accents and joins words with single hyphens', () => {
    expect(slugify('  Café  Déjà-vu!! 2025 ')).toBe('cafe-deja-vu-2025');
    expect(slugify('--A__B--')).toBe('a-b');
    expect(slugify('!!!')).toBe('');
  });
  it('knows the built-in paths', () => {
    expect(isReservedPageSlug('blog')).toBe(true);
    expect(isReservedPageSlug('blogging')).toBe(false);
  });
});

describe('dates', () => {
  it('says how long ago', () => {
    const now = Date.parse('2025-01-10T12:00:00Z');
    expect(relativeTime('2025-01-10T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2025-01-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2025-01-09T12:00:00Z', now)).toBe('yesterday');
  });
  it('round-trips the datetime-local field as UTC', () => {
    expect(fromDateTimeLocal('2025-03-01T10:30')).toBe('2025-03-01T10:30:00.000Z');
    expect(toDateTimeLocal('2025-03-01T10:30:00.000Z')).toBe('2025-03-01T10:30');
  });
});

describe('post permissions', () => {
  const author = { id: 'a', role: { id: 'author', permissions: ['access_admin', 'manage_posts'] } };
  const contributor = { id: 'c', role: { id: 'contributor', permissions: ['access_admin'] } };
  it('keeps authors and contributors to their own posts that are not live', () => {
    expect(canEditPost(author, { author_id: 'a', status: 'review' })).toBe(true);
    expect(canEditPost(author, { author_id: 'a', status: 'published' })).toBe(false);
    expect(canEditPost(author, { author_id: 'b', status: 'draft' })).toBe(false);
    expect(canTrashPost(contributor, { author_id: 'c', status: 'draft' })).toBe(false);
    expect(postStatusesFor(contributor)).toEqual(['draft', 'review']);
  });
});

describe('markdown', () => {
  it('renders and sanitises', () => {
    const html = renderMarkdown('## Title\n\n[bad](javascript:alert(1)) <img src="x" onerror="alert(1)">');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('onerror');
  });
});
