import type { XmlNode } from './wxr-reader.server.ts';

/** What the importer needs of the export, read from its XML nodes (WXR 1.0–1.2). */

export interface WpAuthor {
  id: string;
  login: string;
  email: string;
  displayName: string;
}

export interface WpTerm {
  slug: string;
  name: string;
  parent: string;
}

export interface WpComment {
  id: string;
  author: string;
  email: string;
  url: string;
  dateGmt: string;
  content: string;
  approved: string;
  type: string;
  parent: string;
  userId: string;
}

export interface WpItem {
  postId: string;
  title: string;
  link: string;
  guid: string;
  creator: string;
  content: string;
  excerpt: string;
  postDate: string;
  postDateGmt: string;
  modifiedGmt: string;
  commentStatus: string;
  postName: string;
  status: string;
  parent: string;
  postType: string;
  attachmentUrl: string;
  categories: { domain: string; slug: string; name: string }[];
  meta: Map<string, string>;
  comments: WpComment[];
}

const text = (node: XmlNode, name: string) => node.children.find((child) => child.name === name)?.text.trim() ?? '';
const raw = (node: XmlNode, name: string) => node.children.find((child) => child.name === name)?.text ?? '';

export function readAuthor(node: XmlNode): WpAuthor {
  const login = text(node, 'wp:author_login');
  return {
    id: text(node, 'wp:author_id'),
    login,
    email: text(node, 'wp:author_email'),
    displayName: text(node, 'wp:author_display_name') || login,
  };
}

export function readCategory(node: XmlNode): WpTerm {
  return { slug: text(node, 'wp:category_nicename'), name: text(node, 'wp:cat_name'), parent: text(node, 'wp:category_parent') };
}

export function readTag(node: XmlNode): WpTerm {
  return { slug: text(node, 'wp:tag_slug'), name: text(node, 'wp:tag_name'), parent: '' };
}

function readComment(node: XmlNode): WpComment {
  return {
    id: text(node, 'wp:comment_id'),
    author: text(node, 'wp:comment_author'),
    email: text(node, 'wp:comment_author_email'),
    url: text(node, 'wp:comment_author_url'),
    dateGmt: text(node, 'wp:comment_date_gmt') || text(node, 'wp:comment_date'),
    content: raw(node, 'wp:comment_content'),
    approved: text(node, 'wp:comment_approved'),
    type: text(node, 'wp:comment_type'),
    parent: text(node, 'wp:comment_parent'),
    userId: text(node, 'wp:comment_user_id'),
  };
}

export function readItem(node: XmlNode): WpItem {
  const meta = new Map<string, string>();
  for (const child of node.children) if (child.name === 'wp:postmeta') meta.set(text(child, 'wp:meta_key'), raw(child, 'wp:meta_value'));
  return {
    postId: text(node, 'wp:post_id'),
    title: text(node, 'title'),
    link: text(node, 'link'),
    guid: text(node, 'guid'),
    creator: text(node, 'dc:creator'),
    content: raw(node, 'content:encoded'),
    excerpt: raw(node, 'excerpt:encoded'),
    postDate: text(node, 'wp:post_date'),
    postDateGmt: text(node, 'wp:post_date_gmt'),
    modifiedGmt: text(node, 'wp:post_modified_gmt'),
    commentStatus: text(node, 'wp:comment_status'),
    postName: text(node, 'wp:post_name'),
    status: text(node, 'wp:status'),
    parent: text(node, 'wp:post_parent'),
    postType: text(node, 'wp:post_type'),
    attachmentUrl: text(node, 'wp:attachment_url'),
    categories: node.children
      .filter((child) => child.name === 'category')
      .map((child) => ({ domain: child.attrs.domain ?? '', slug: child.attrs.nicename ?? '', name: child.text.trim() })),
    meta,
    comments: node.children.filter((child) => child.name === 'wp:comment').map(readComment),
  };
}

/** A WordPress date ('2024-03-15 10:30:00', UTC when from a *_gmt field) as ISO text, or null when unset or unreadable. */
export function wpDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match || match[1] === '0000') return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}.000Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
