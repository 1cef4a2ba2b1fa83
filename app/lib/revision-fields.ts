/**
 * What the revisions screens say about a saved state (decision 027), on the server and in the editor alike: which
 * fields differ between two states, and the one-line summary of a revision.
 */

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';
const isListOfValues = (value: unknown) => Array.isArray(value) && value.every((entry) => !isObject(entry));

/**
 * The fields whose values differ between two states: top-level names for a page or post (title, tags), leaf paths
 * for nested content (hero.title, about.stats.3.value). A list of plain values (tags, categories) is one field.
 */
export function changedFields(before: unknown, after: unknown, prefix = ''): string[] {
  if (isObject(before) && isObject(after) && !isListOfValues(before) && !isListOfValues(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => changedFields(before[key], after[key], prefix ? `${prefix}.${key}` : key));
  }
  const same = JSON.stringify(before ?? '') === JSON.stringify(after ?? '');
  return same ? [] : [prefix];
}

/** How the editors name their fields, in summaries and diffs. */
export const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'URL Slug',
  content: 'Content',
  excerpt: 'Excerpt',
  status: 'Status',
  publishDate: 'Publish Date',
  categories: 'Categories',
  tags: 'Tags',
  featuredImage: 'Featured Image',
  ogImage: 'Social Image URL',
  metaTitle: 'Meta Title',
  metaDescription: 'Meta Description',
  metaKeywords: 'Meta Keywords',
};

/** Text fields get a word-level diff; the others are listed as before → after. */
export const TEXT_FIELDS: ReadonlySet<string> = new Set(['title', 'content', 'excerpt', 'metaTitle', 'metaDescription', 'metaKeywords']);

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** "Changed Title, Content and 2 more" / "First saved version" / "Saved without changes". */
export function revisionSummary(changed: readonly string[], first: boolean, labelOf: (field: string) => string = fieldLabel): string {
  if (first) return 'First saved version';
  if (changed.length === 0) return 'Saved without changes';
  if (changed.includes('*')) return 'Saved (the earlier history is not kept)';
  const labels = [...new Set(changed.map((field) => labelOf(field.split('.')[0]!)))];
  if (labels.length === 1) return `Changed ${labels[0]}`;
  if (labels.length <= 3) return `Changed ${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
  return `Changed ${labels.slice(0, 2).join(', ')} and ${labels.length - 2} more`;
}
