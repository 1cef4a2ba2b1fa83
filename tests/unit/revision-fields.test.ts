import { describe, expect, it } from 'vitest';

import { differingFields, readFormFields, stateToFields } from '#app/components/admin/editing/form-fields.ts';
import { changedFields, revisionSummary } from '#app/lib/revision-fields.ts';

describe('revision fields', () => {
  it('names the changed fields: top-level for a page or post, lists as one field, leaf paths for nested copy', () => {
    expect(changedFields({ title: 'A', tags: ['a', 'b'] }, { title: 'A', tags: ['a', 'c'] })).toEqual(['tags']);
    expect(changedFields({ hero: { title: 'A' }, stats: [{ v: 1 }] }, { hero: { title: 'B' }, stats: [{ v: 2 }] })).toEqual([
      'hero.title',
      'stats.0.v',
    ]);
    expect(changedFields({ ogImage: undefined }, { ogImage: '' })).toEqual([]);
  });

  it('summarises a revision in one line', () => {
    expect(revisionSummary([], true)).toBe('First saved version');
    expect(revisionSummary(['content'], false)).toBe('Changed Content');
    expect(revisionSummary(['title', 'content', 'status'], false)).toBe('Changed Title, Content and Status');
    expect(revisionSummary(['title', 'content', 'status', 'slug'], false)).toBe('Changed Title, Content and 2 more');
    expect(revisionSummary(['hero.title', 'hero.subtitle'], false)).toBe('Changed hero');
    expect(revisionSummary(['*'], false)).toBe('Saved (the earlier history is not kept)');
  });

  it('turns a saved state into form fields and compares them as the editor shows them', () => {
    const fields = stateToFields({ title: 'T', tags: ['a', 'b'], categories: ['c1'], publishDate: undefined, version: 3 });
    expect(fields).toEqual({ title: 'T', tags: 'a, b', categories: ['c1'], publishDate: '' });
    expect(differingFields(fields, { ...fields, categories: 'c1' })).toEqual([]);
    expect(differingFields(fields, { ...fields, title: 'U', categories: [] })).toEqual(['title', 'categories']);
  });

  it('reads a form as it would be submitted, without its version', () => {
    const form = {
      entries: [
        ['title', 'T'],
        ['categories', 'a'],
        ['categories', 'b'],
        ['version', '2'],
      ],
    };
    const FormDataStub = class {
      [Symbol.iterator]() {
        return form.entries[Symbol.iterator]();
      }
    };
    const original = globalThis.FormData;
    globalThis.FormData = FormDataStub as unknown as typeof FormData;
    try {
      expect(readFormFields({} as HTMLFormElement)).toEqual({ title: 'T', categories: ['a', 'b'] });
    } finally {
      globalThis.FormData = original;
    }
  });
});
