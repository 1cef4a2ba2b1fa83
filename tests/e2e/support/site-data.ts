// Test data written straight into the e2e server's SQLite database. Pages read
// after such writes use `freshContext()`, because the public HTML cache is only
// cleared by writes made through the app.
import { randomUUID } from 'node:crypto';
import path from 'node:path';

import type { BrowserContext } from '@playwright/test';
import Database from 'better-sqlite3';

import { E2E_DATA_DIR, E2E_PORT } from './accounts.ts';

function open() {
  const db = new Database(path.join(E2E_DATA_DIR, 'atelier.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * Headers that make the browser a visitor of its own: the end-to-end server trusts its loopback proxy, so each test
 * that sends contact messages gets its own address and its own share of the per-address limit (IPv6 addresses are
 * counted by /64, so each visitor gets a /64 of its own).
 */
export function asVisitor(): { 'X-Forwarded-For': string } {
  return { 'X-Forwarded-For': `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}::1` };
}

/**
 * A person takes a few seconds to fill in the contact form, and the server files anything sent sooner after it
 * rendered the form under Spam (MIN_FILL_MS, 3 s), script or no script: tests that expect the Inbox wait as long.
 */
export const MIN_FILL_WAIT_MS = 3100;

export function unique(prefix: string): string {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function createPost(post: {
  title: string;
  /** The post's language (the default language's code when not given: `en` on the starter site). */
  language?: string;
  status?: 'draft' | 'published' | 'review' | 'trash';
  publishDate?: string | null;
  updatedAt?: string;
  views?: number;
  content?: string;
  tags?: string[];
  featuredImage?: string | null;
}): { id: string; slug: string } {
  const db = open();
  const id = randomUUID();
  const slug = slugify(post.title);
  const now = post.updatedAt ?? new Date().toISOString();
  db.prepare(
    `insert into blog_posts (id, language, translation_group, title, slug, content, excerpt, status, featured_image, author_id, author_name, tags, meta_title,
       meta_description, meta_keywords, publish_date, views, version, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, null, 'E2E Author', ?, '', '', '', ?, ?, 1, ?, ?)`,
  ).run(
    id,
    post.language ?? 'en',
    // Its own translation group, as the services make an item (decision 030).
    id,
    post.title,
    slug,
    post.content ?? `First paragraph of ${post.title}.\n\nSecond paragraph.`,
    `Excerpt of ${post.title}`,
    post.status ?? 'published',
    post.featuredImage ?? null,
    JSON.stringify(post.tags ?? ['testing']),
    post.publishDate === undefined ? now : post.publishDate,
    post.views ?? 0,
    now,
    now,
  );
  // The tag archives find posts by these rows, which the services keep in step with `tags` (migration 0270).
  const linkTag = db.prepare('insert into post_tags (slug, post_id) values (?, ?)');
  for (const tag of new Set((post.tags ?? ['testing']).map(slugify).filter(Boolean))) linkTag.run(tag, id);
  db.close();
  return { id, slug };
}

export function createPage(page: { title: string; content: string; status?: 'draft' | 'published' | 'trash' }): { slug: string } {
  const db = open();
  const slug = slugify(page.title);
  const now = new Date().toISOString();
  const id = randomUUID();
  db.prepare(
    `insert into pages (id, translation_group, title, slug, content, status, meta_description, meta_keywords, og_image, publish_date, version, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, 'e2e, page', null, ?, 1, ?, ?)`,
  ).run(id, id, page.title, slug, page.content, page.status ?? 'published', `Description of ${page.title}`, now, now, now);
  db.close();
  return { slug };
}

export function postViews(id: string): number {
  const db = open();
  const row = db.prepare('select views from blog_posts where id = ?').get(id) as { views: number };
  db.close();
  return row.views;
}

export function findMessages(email: string): Array<{ first_name: string; subject: string; message: string; ip: string }> {
  const db = open();
  const rows = db.prepare('select first_name, subject, message, ip from messages where email = ?').all(email) as Array<{
    first_name: string;
    subject: string;
    message: string;
    ip: string;
  }>;
  db.close();
  return rows;
}

/**
 * Makes this browser context an anonymous visitor whose pages bypass the HTML
 * cache: the session cookie is not a valid session (nobody is signed in), but
 * its presence makes the server render for this request alone.
 */
export async function bypassHtmlCache(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: 'atelier_session', value: 'not-a-session', url: `http://127.0.0.1:${E2E_PORT}` }]);
}

/** Where the spam filter filed each message from `email`, with its reason. */
export function messageFolders(email: string): Array<{ folder: string; spam_reason: string }> {
  const db = open();
  const rows = db.prepare('select folder, spam_reason from messages where email = ? order by created_at').all(email) as Array<{
    folder: string;
    spam_reason: string;
  }>;
  db.close();
  return rows;
}

/** A contact message stored as the public form stores it (the form itself allows five per address per ten minutes). */
export function insertMessage(message: {
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
  receivedAt?: string;
}): string {
  const db = open();
  const id = randomUUID();
  db.prepare(
    `insert into messages (id, first_name, last_name, email, phone, subject, message, status, ip, created_at)
     values (?, ?, ?, ?, '', ?, ?, 'unread', '', ?)`,
  ).run(
    id,
    message.firstName,
    message.lastName,
    message.email,
    message.subject,
    message.message,
    message.receivedAt ?? new Date().toISOString(),
  );
  db.close();
  return id;
}

/** A comment written straight into the database (status pending unless told), for the moderation screen's tests. */
export function createComment(comment: {
  postId: string;
  name: string;
  body: string;
  status?: 'pending' | 'approved' | 'spam' | 'trash';
}): string {
  const db = open();
  const id = randomUUID();
  const now = new Date().toISOString();
  db.prepare(
    `insert into comments (id, post_id, parent_id, author_name, author_email, author_url, body, status, trashed_from, spam_reason,
       staff_user_id, ip, ip_hash, body_key, created_at, updated_at)
     values (?, ?, null, ?, ?, '', ?, ?, null, '', null, '203.0.113.5', 'a1b2c3d4e5f6', ?, ?, ?)`,
  ).run(id, comment.postId, comment.name, `${slugify(comment.name)}@example.com`, comment.body, comment.status ?? 'pending', id, now, now);
  db.close();
  return id;
}
