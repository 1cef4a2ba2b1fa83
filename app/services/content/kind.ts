import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import type { Actor } from '#app/lib/permissions.ts';
import type { Failure } from '#app/services/failures.ts';

/** The tables of the editorial core: each kind keeps its own table and rules. */
export type ContentTable = 'pages' | 'blog_posts';

/** What every editor form sends, whatever the kind (the kinds' zod schemas add their own fields). */
export interface EditorialInput {
  title: string;
  slug: string;
  content: string;
  status: string;
  publishDate?: string | undefined;
  metaDescription: string;
  metaKeywords: string;
}

/** The columns of an item the rules look at before a write (status, slug, and for posts their author). */
export interface ItemState {
  status: string;
  slug: string;
  /** The row's language (decision 030): slugs and public paths are per language. */
  language: string;
  /** Title and date name and place an article on other articles' pages (their previous and next links). */
  title: string;
  publish_date: string | null;
}

/**
 * One kind of editorial content (pages, posts): which table, how it is named in messages, how a
 * form becomes columns, what may be checked beyond the schema, who may do what, and what to do
 * after a save. `services/content/editorial.server.ts` implements list screens, create, versioned
 * update, trash, restore and delete once for every kind.
 */
export interface ContentKind<Input extends EditorialInput, State extends ItemState = ItemState> {
  table: ContentTable;
  /** "page" / "post", in messages: "This page no longer exists." */
  noun: string;
  /**
   * Where a published item of this kind is served in the default language: `/about`, `/blog/hello` (its old path
   * redirects when the slug changes); other languages prefix it (`localizedPath`).
   */
  publicPath(slug: string): string;
  /** May this actor write items of this kind at all? Checked before the item is looked up. */
  mayWrite(actor: Actor): boolean;
  /** May this actor trash and restore items of this kind at all? Checked before the item is looked up. */
  mayTrash(actor: Actor): boolean;
  mayDelete(actor: Actor): boolean;
  /** The rules of one existing item (a published page, someone else's post). */
  canEdit(actor: Actor, item: State): boolean;
  canTrash(actor: Actor, item: State): boolean;
  /** The statuses this actor may save. */
  statusesFor(actor: Actor): readonly string[];
  /** The columns a state check reads. */
  find(db: Kysely<Database>, id: string): Promise<State | undefined>;
  /** The kind's own columns, besides the ones every kind shares. */
  values(input: Input): Record<string, unknown>;
  /** Columns set once, when an item is created (a post's author). */
  createValues?(actor: Actor): Record<string, unknown>;
  /** A check the schema cannot make (reserved slugs, categories that still exist); null when fine. */
  check?(db: Kysely<Database>, input: Input): Promise<Failure | null>;
  /** Runs in the save's transaction (a post's categories). */
  afterSave?(trx: Kysely<Database>, id: string, input: Input): Promise<void>;
  /** Runs in a new translation's transaction: what it shares with its source besides the columns (a post's categories). */
  afterTranslate?(trx: Kysely<Database>, sourceId: string, id: string): Promise<void>;
}
