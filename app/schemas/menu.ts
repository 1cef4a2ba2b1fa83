import { z } from 'zod';

import { LANGUAGES } from '#app/i18n/languages.ts';

export const MENU_LOCATIONS = ['header', 'footer'] as const;
export type MenuLocation = (typeof MENU_LOCATIONS)[number];

export const MENU_LINK_TYPES = ['page', 'post', 'anchor', 'url'] as const;
export type MenuLinkType = (typeof MENU_LINK_TYPES)[number];

/** The landing page's sections a menu item may scroll to. */
export const MENU_ANCHORS = ['home', 'about', 'services', 'contact'] as const;

/** Bounds on one menu: a header that long no longer fits a top bar, and a tree that large is not a menu. */
export const MAX_MENU_ITEMS = 50;
export const MAX_MENU_TITLE = 80;
export const MAX_MENU_URL = 2000;

const text = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : ''),
    z.string().max(max, `${label} must be at most ${max} characters.`),
  );

/**
 * A link a visitor may follow: a path of this site (/blog, not //host), or an http, https, mailto or tel
 * address. Anything else (javascript:, data:, protocol-relative, spaces, control characters) is refused.
 */
export function isSafeMenuUrl(value: string): boolean {
  if (!value || value.length > MAX_MENU_URL) return false;
  // Spaces, control characters and backslashes change how browsers read a URL (\\evil.example is //evil.example).
  if (/[\s\\]/.test(value) || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'mailto:' || url.protocol === 'tel:';
}

export const URL_MESSAGE = 'Enter a site path such as /blog, or an http, https, mailto or tel address.';

export const menuItemSchema = z
  .object({
    location: z.enum(MENU_LOCATIONS, { message: 'Choose the header or the footer.' }),
    title: text(MAX_MENU_TITLE, 'Title').refine((value) => value.length > 0, { message: 'Title is required' }),
    /** The title in the site's other languages (`titles.fr`); empty or absent, visitors in that language read `title`. */
    titles: z.partialRecord(z.enum(LANGUAGES), text(MAX_MENU_TITLE, 'Title')).optional(),
    linkType: z.enum(MENU_LINK_TYPES, { message: 'Choose a page, a post, a section or a URL.' }),
    targetId: text(100, 'Target'),
    anchor: z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string()),
    url: text(MAX_MENU_URL, 'URL'),
    parentId: text(100, 'Parent'),
  })
  .superRefine((item, ctx) => {
    if ((item.linkType === 'page' || item.linkType === 'post') && !item.targetId) {
      ctx.addIssue({ code: 'custom', path: ['targetId'], message: item.linkType === 'page' ? 'Choose a page' : 'Choose a post' });
    }
    if (item.linkType === 'anchor' && !(MENU_ANCHORS as readonly string[]).includes(item.anchor)) {
      ctx.addIssue({ code: 'custom', path: ['anchor'], message: 'Choose a section of the landing page' });
    }
    if (item.linkType === 'url' && !isSafeMenuUrl(item.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: URL_MESSAGE });
    if (item.parentId && item.location !== 'header')
      ctx.addIssue({ code: 'custom', path: ['parentId'], message: 'Only header items can be nested.' });
  });
export type MenuItemInput = z.infer<typeof menuItemSchema>;

/** The whole order of one location, top-level items and their children, as the list shows it. */
const orderSchema = z
  .array(z.object({ id: z.string().min(1).max(100), parentId: z.string().max(100).nullable() }), {
    message: 'The menu order is malformed.',
  })
  .max(MAX_MENU_ITEMS, `A menu holds at most ${MAX_MENU_ITEMS} items.`);

export const menuOrderSchema = z.object({
  location: z.enum(MENU_LOCATIONS, { message: 'Choose the header or the footer.' }),
  order: orderSchema,
  /** The order the move was made from (as the screen showed it): a reorder made from an order since changed is refused. */
  from: orderSchema.optional(),
});
export type MenuOrderInput = z.infer<typeof menuOrderSchema>;
