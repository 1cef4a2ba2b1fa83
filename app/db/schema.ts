import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * The database as Kysely sees it. The schema is portable between SQLite and
 * PostgreSQL: ids are text, timestamps are ISO-8601 UTC text (they sort as
 * text), booleans are 0/1 integers and structured values are JSON text.
 */
export interface Database {
  roles: RoleTable;
  users: UserTable;
  sessions: SessionTable;
  user_invitations: UserInvitationTable;
  throttles: ThrottleTable;
  pages: PageTable;
  blog_posts: BlogPostTable;
  categories: CategoryTable;
  post_categories: PostCategoryTable;
  media: MediaTable;
  view_visitors: ViewVisitorTable;
  media_usage: MediaUsageTable;
  themes: ThemeTable;
  theme_drafts: ThemeDraftTable;
  menu_items: MenuItemTable;
  settings: SettingTable;
  landing_content: LandingContentTable;
  messages: MessageTable;
  notifications: NotificationTable;
  notification_states: NotificationStateTable;
  page_views: PageViewTable;
  audit_log: AuditLogTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodeTable;
  sign_in_challenges: SignInChallengeTable;
  api_tokens: ApiTokenTable;
  public_form_receipts: PublicFormReceiptTable;
  password_resets: PasswordResetTable;
  redirects: RedirectTable;
  revisions: RevisionTable;
  autosaves: AutosaveTable;
  edit_presence: EditPresenceTable;
  jobs: JobTable;
  comments: CommentTable;
  draft_links: DraftLinkTable;
  import_items: ImportItemTable;
  import_runs: ImportRunTable;
  cache_generations: CacheGenerationTable;
}

export interface RoleTable {
  id: string;
  name: string;
  description: string;
  /** JSON array of permission names. */
  permissions: string;
  created_at: string;
  updated_at: string;
}

export interface UserTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  role_id: string;
  status: 'active' | 'inactive' | 'pending';
  avatar: string | null;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  id: string;
  /** SHA-256 of the cookie token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  expires_at: string;
  created_at: string;
  /** Refreshed at most every few minutes; a session idle for SESSION_IDLE_DAYS ends. */
  last_used_at: string;
  /** The browser's User-Agent when the session started (at most 512 characters). */
  user_agent: string;
}

/** A pending user's invitation: the link's token is never stored, only its SHA-256. */
export interface UserInvitationTable {
  user_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  created_by: string | null;
}

export interface ThrottleTable {
  /** What is counted, e.g. 'sign-in:ip:<address>'. */
  key: string;
  count: number;
  window_started_at: string;
}

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

/** Visitors already counted as a view of an article on a day (UTC), by daily-keyed hashes only. */
export interface ViewVisitorTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  /** What was viewed: 'post:<id>' (an article's view count) or 'page:<path>' (the dashboard's page views). */
  target: string;
  /** HMAC of the address key (IPv6 by /64) and User-Agent under the day's key. */
  visitor: string;
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
  /** Falls back to `title` when empty. */
  title_fr: Generated<string>;
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

export interface PageViewTable {
  /** The hour the views fell in, UTC: '2026-11-25T10'. */
  hour: string;
  /** The public path viewed ('/', '/blog/some-post'). */
  path: string;
  views: number;
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

/** A user's TOTP enrolment; pending (enabled_at null) until a first code confirms it. */
export interface TwoFactorTable {
  user_id: string;
  /** The base32 secret, encrypted with a key derived from SESSION_SECRET (AES-256-GCM). */
  secret: string;
  enabled_at: string | null;
  /** The last accepted time step: a code is never accepted twice. */
  last_time_step: number | null;
  created_at: string;
}

export interface RecoveryCodeTable {
  id: string;
  user_id: string;
  /** SHA-256 of the normalised code; the code itself is shown once and never stored. */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A right password waiting for its second factor. */
export interface SignInChallengeTable {
  id: string;
  token_hash: string;
  user_id: string;
  attempts: Generated<number>;
  expires_at: string;
  user_agent: string;
}

/** A personal API token; the token itself is shown once and never stored. */
export interface ApiTokenTable {
  id: string;
  user_id: string;
  name: string;
  /** SHA-256 of the whole token. */
  token_hash: string;
  /** The token's first characters, so its holder can tell tokens apart. */
  prefix: string;
  /** JSON array of permission names the token may use (never more than its user holds at the time). */
  scopes: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
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

export type PageRow = Selectable<PageTable>;
export type BlogPostRow = Selectable<BlogPostTable>;
export type MediaRow = Selectable<MediaTable>;
export type ThemeRow = Selectable<ThemeTable>;

/** An open password reset link (one per user); the token itself is mailed or shown once and never stored. */
export interface PasswordResetTable {
  user_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  /** The administrator who made the link, or null when the user asked for it. */
  created_by: string | null;
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

/** Timed work run once per cluster (decision 028): claimed with a lease, recurring rows move on after each run. */
export interface JobTable {
  /** `recurring:<name>` for a recurring job (one row each), a random id for a one-off. */
  id: string;
  name: string;
  /** JSON given to the job's handler. */
  payload: Generated<string>;
  run_at: string;
  /** Set for a recurring job: the pause between the end of one run and the next. */
  every_ms: number | null;
  /** The process holding the claim, until `locked_until` (its lease) passes. */
  locked_by: string | null;
  locked_until: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** A one-off job that failed its last allowed attempt: kept for the record, never claimed again. */
  failed_at: string | null;
  created_at: string;
  updated_at: string;
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

/** One imported WordPress thing and the Atelier row made from it (decision 033): a second import skips it. */
export interface ImportItemTable {
  /** The export's base site URL: ids are only unique within one WordPress site. */
  site: string;
  /** author, category, tag, attachment, post, page, comment */
  item_type: string;
  /** The WordPress id (author login, term slug, post or comment id). */
  source_id: string;
  guid: string;
  /** The Atelier row's id (user, category, media, post, page or comment). */
  target_id: string;
  created_at: string;
}

/** One import started from Settings → Import, run as a job; `report` is its per-type report as JSON. */
export interface ImportRunTable {
  id: string;
  file_name: string;
  /** The uploaded export's file, under DATA_DIR/imports. */
  file_key: string;
  dry_run: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  report: string | null;
  error: string | null;
  created_by: string | null;
  created_at: string;
  finished_at: string | null;
}

/** What the instances' cached public pages were built on (decision 031): bumped by every write visitors can see. */
export interface CacheGenerationTable {
  /** 'public': the public pages and the in-memory public data. */
  id: string;
  generation: number;
  updated_at: string;
}
