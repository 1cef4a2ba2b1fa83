import type { Generated, Selectable } from 'kysely';

/** The rest of the site: media, themes, menus, settings, landing copy, messages, notifications, the audit log, redirects and public form receipts. */

export interface MediaTable {
  id: string;
  title: string;
  description: string;
  type: 'image' | 'video' | 'document' | 'other';
  mime_type: string;
  /** Key inside the storage backend; the public URL is derived from it. */
  storage_key: string;
  url: string;
  original_name: string;
  file_size: number;
  width: number | null;
  height: number | null;
  alt: string;
  /** JSON object of the other languages' alt text and description: {"fr": {"alt": "…", "description": "…"}} (migration 0240). */
  translations: Generated<string>;
  /** JSON array of tags. */
  tags: string;
  /** JSON array of generated variants: [{ width, key, url, size }]. */
  variants: string;
  /** The user who uploaded the item; null for items that belong to the staff (seeded, or older than the column). */
  uploaded_by: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Which content uses which media item, kept by the writes of that content (`media-usage.server.ts`): `ref_kind` is
 * post, page, theme, landing or site, `ref_id` the post, page or theme id, the landing copy's language or 'site', and
 * `place` the field (content, featured_image, og_image, hero, logo…).
 */
export interface MediaUsageTable {
  media_id: string;
  ref_kind: 'post' | 'page' | 'theme' | 'landing' | 'site';
  ref_id: string;
  place: string;
}

export interface ThemeTable {
  id: string;
  name: string;
  description: string;
  is_active: number;
  /** JSON: the theme's settings (app/lib/theme/model.ts, ThemeSettings): the one source of its look. */
  settings: string;
  /** JSON text: one entry per editor section. */
  data: string;
  /** Moves on at every save; a save names the version it was made on. */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The theme editor's unsaved theme of one user, rendered for that user alone by the preview. */
export interface ThemeDraftTable {
  user_id: string;
  theme_id: string;
  name: string;
  settings: string;
  data: string;
  updated_at: string;
}

export interface MenuItemTable {
  id: string;
  title: string;
  /** JSON object of the other languages' titles (`{"fr": "Accueil"}`); a language without one shows `title`. */
  titles: Generated<string>;
  /** The URL or `#anchor`; for page and post links, the path when last saved (the slug is read live). */
  path: string;
  link_type: Generated<'page' | 'post' | 'anchor' | 'url'>;
  /** The page or post a page/post link points at. */
  target_id: string | null;
  /** A header item nested under another (one level). */
  parent_id: string | null;
  location: 'header' | 'footer';
  /** 0..n-1 across the location, in the order the tree is shown. */
  sort_order: number;
}

export interface SettingTable {
  key: string;
  /** JSON value. */
  value: string;
  updated_at: string;
}

/**
 * The landing page's copy of one language (`locale`, any language code): what visitors see and a saved change not
 * yet published, both LandingContent JSON. `version` grows with every save, publish and discard (the version check).
 */
export interface LandingContentTable {
  locale: string;
  published: string | null;
  published_at: string | null;
  published_by: string | null;
  draft: string | null;
  draft_saved_at: string | null;
  draft_saved_by: string | null;
  version: Generated<number>;
  updated_at: string;
}

export interface MessageTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  /** Read state only; where the message is filed is `folder`. */
  status: 'unread' | 'read';
  ip: string;
  created_at: string;
  folder: Generated<'inbox' | 'archived' | 'spam'>;
  /** Why the spam filter filed it under Spam ('' when it did not). */
  spam_reason: Generated<string>;
  /** The mail notification to the site's contact email: none, pending (to send or retry), sent or failed. */
  notify_state: Generated<'none' | 'pending' | 'sent' | 'failed'>;
  notify_attempts: Generated<number>;
  notify_error: Generated<string>;
  notify_next_at: string | null;
}

export interface NotificationTable {
  id: string;
  /** message, post_review, sign_in_failures, theme_activated, two_factor_reset, backup_failed, content_published. */
  kind: string;
  message: string;
  /** Admin path the notification leads to ('' for none). */
  link: string;
  /** Shown to every user holding this permission (when user_id is null). */
  permission: string | null;
  /** Shown to this user only. */
  user_id: string | null;
  /** Who caused it: never shown to them. */
  actor_id: string | null;
  created_at: string;
}

export interface NotificationStateTable {
  notification_id: string;
  user_id: string;
  read_at: string | null;
  dismissed_at: string | null;
}

export interface AuditLogTable {
  id: string;
  at: string;
  /** Null for an anonymous event (a failed sign-in with an unknown email). */
  actor_id: string | null;
  /** The actor's name (or the email tried) when the event happened. */
  actor_name: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  ip: string;
  user_agent: string;
  /** JSON object. */
  details: string;
}

/** A redirect of the public site (Settings → Redirects). */
export interface RedirectTable {
  id: string;
  /** Normalised as the request path is: decoded, lowercase, no trailing slash. */
  from_path: string;
  /** A site path (`/blog/new-name`, maybe with a query) or a full http(s) URL. */
  to_target: string;
  /** The target's path, normalised like `from_path`, when it is on this site; null for another site. */
  to_path: string | null;
  status_code: number;
  /** 1 when made by a published page's or post's slug change. */
  automatic: Generated<number>;
  hits: Generated<number>;
  last_hit_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A public form submission already stored, by its idempotency key (`app/services/public-forms/idempotency.server.ts`). */
export interface PublicFormReceiptTable {
  /** Which form: 'contact-form', later the comment form. */
  form: string;
  /** SHA-256 of the form's per-render token and the fields sent. */
  key: string;
  /** What the first submission stored (the message's id). */
  result_id: string;
  created_at: string;
}

export type MediaRow = Selectable<MediaTable>;

export type ThemeRow = Selectable<ThemeTable>;
