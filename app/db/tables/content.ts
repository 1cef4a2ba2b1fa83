import type { ColumnType, Generated, Selectable } from 'kysely';

/** Pages, blog posts and what hangs on them: categories, views, revisions, autosaves, edit presence, comments and draft links. */

export interface PageTable {
  id: string;
  title: string;
  slug: string;
  content: string;
  /** `scheduled`: saved as published with a future publish date; the publishing job makes it `published` then. */
  status: 'published' | 'scheduled' | 'draft' | 'trash';
  meta_description: string;
  meta_keywords: string;
  og_image: string | null;
  publish_date: string | null;
  /** Who scheduled it (told when it goes live); null unless scheduled. */
  scheduled_by: ColumnType<string | null, string | null | undefined, string | null>;
  version: number;
  created_at: string;
  updated_at: string;
  /** Content languages (migration 0150, decisions 021 and 030): the row's language, its group, the source version it follows. */
  language: Generated<string>;
  translation_group: Generated<string>;
  source_revision: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface BlogPostTable {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  status: 'draft' | 'published' | 'scheduled' | 'review' | 'trash';
  /** Who scheduled it (told when it goes live, with its author); null unless scheduled. */
  scheduled_by: ColumnType<string | null, string | null | undefined, string | null>;
  featured_image: string | null;
  /** Alternative text of the featured image (migration 0101). */
  featured_image_alt: Generated<string>;
  author_id: string | null;
  author_name: string;
  /** JSON array of tags. */
  tags: string;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  publish_date: string | null;
  views: number;
  version: number;
  created_at: string;
  updated_at: string;
  /** 1 when the editor's "Comments off" box is ticked: no form, no new comments (the approved ones stay shown). */
  comments_off: Generated<number>;
  /** Content languages (migration 0150, decisions 021 and 030): the row's language, its group, the source version it follows. */
  language: Generated<string>;
  translation_group: Generated<string>;
  source_revision: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CategoryTable {
  id: string;
  name: string;
  /** The other languages' names, JSON `{"fr": "…"}` (migration 0200); `name` is the default language's. */
  names: Generated<string>;
  created_at: string;
}

export interface PostCategoryTable {
  post_id: string;
  category_id: string;
}
/** A post's tag, by its slug (migration 0270): what the tag archive `/blog/tag/{slug}` finds posts by. */
export interface PostTagTable {
  slug: string;
  post_id: string;
}

/** Visitors already counted as a view of an article on a day (UTC), by daily-keyed hashes only. */
export interface ViewVisitorTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  /** What was viewed: 'post:<id>' (an article's view count) or 'page:<path>' (the dashboard's page views). */
  target: string;
  /** HMAC of the address key (IPv6 by /64) and User-Agent under the day's key. */
  visitor: string;
}

export interface PageViewTable {
  /** The hour the views fell in, UTC: '2026-11-25T10'. */
  hour: string;
  /** The public path viewed ('/', '/blog/some-post'). */
  path: string;
  views: number;
}

/** Every save of a page, post, landing copy or theme (decision 027): the full saved state as JSON and the fields that changed. */
export interface RevisionTable {
  id: string;
  /** 'page' | 'post' | 'landing' | 'theme' */
  item_kind: string;
  /** The page's, post's or theme's id; the landing copy's language. */
  item_id: string;
  version: number;
  state: string;
  /** JSON array of field names (title, content) or paths (hero.title). */
  changed_fields: Generated<string>;
  /** 1 when this save published the item: retention never prunes the newest such revision. */
  published: Generated<number>;
  saved_by: string | null;
  created_at: string;
}

/** A user's autosave of one item: the editor form's fields, never the item itself. */
export interface AutosaveTable {
  user_id: string;
  item_kind: string;
  /** The item's id, or `new-…` for a page or post never saved. */
  item_key: string;
  /** Grows with every request of the editor; the server keeps only the highest. */
  seq: number;
  /** JSON object of the form's fields (a field sent several times is an array). */
  fields: string;
  title: Generated<string>;
  base_version: number | null;
  updated_at: string;
}

/** Who has an item open in the editor, refreshed by a heartbeat; stale after a minute without one. */
export interface EditPresenceTable {
  item_kind: string;
  item_id: string;
  user_id: string;
  /** The browser tab holding the item, so a take-over tells the right one. */
  tab_id: string;
  /** 'editing' | 'viewing' */
  mode: string;
  since: string;
  heartbeat_at: string;
  /** The name of whoever took the item over from this user, until they reopen it. */
  taken_over_by: string | null;
}

/** A visitor's comment on a post, or a staff reply (docs/product.md, Comments). */
export interface CommentTable {
  id: string;
  post_id: string;
  /** The comment this one replies to (one level: always a top-level comment), or null. */
  parent_id: string | null;
  author_name: string;
  /** Lowercased; never shown publicly. */
  author_email: string;
  author_url: string;
  body: string;
  status: 'pending' | 'approved' | 'spam' | 'trash';
  /** The status a trashed comment had, where Restore puts it back. */
  trashed_from: 'pending' | 'approved' | 'spam' | null;
  /** Why the checks held it back or filed it as spam ('' when nothing did). */
  spam_reason: string;
  /** The staff member who wrote it (a "Staff" reply), or null for a visitor. */
  staff_user_id: string | null;
  /** The sender's address, erased after the retention period. */
  ip: string;
  /** A keyed hash of the address (IPv6 by /64) for moderators, erased with it. */
  ip_hash: string;
  /** The author's e-mail and the normalised words: the same comment twice on one post is refused. */
  body_key: string;
  created_at: string;
  updated_at: string;
}

/** A draft link: shows a page's or post's saved draft to whoever has it, until it expires or is revoked. */
export interface DraftLinkTable {
  id: string;
  /** SHA-256 of the link's token; the token itself is shown once and never stored. */
  token_hash: string;
  item_kind: 'page' | 'post';
  item_id: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export type PageRow = Selectable<PageTable>;

export type BlogPostRow = Selectable<BlogPostTable>;
