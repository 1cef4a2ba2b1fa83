import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { newId } from '#app/lib/ids.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { MAX_MENU_ITEMS, type MenuItemInput, type MenuLocation, type MenuOrderInput } from '#app/schemas/menu.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { type Failure, invalid, notFound, type Result } from '#app/services/failures.ts';
import { publicWriteAs } from '#app/services/public-write.server.ts';
import { changedByOthers, refuseStale, stateVersion } from '#app/services/versions/state-version.server.ts';

import { type AdminMenuItem, inTreeOrder, itemState, pathOf, readItems } from './menu-items.server.ts';

/** Menus are site settings: their writes need the Navigation Menu screen's permission. */
const MENUS_PERMISSION = 'manage_settings';
const ITEM_CHANGED = changedByOthers('This menu item was');
const ORDER_CHANGED = changedByOthers('The menu order was');

/** A location's order and nesting as stored: the version a reorder is made from. */
const orderState = (items: Array<{ id: string; parentId: string | null }>) => items.map((item) => [item.id, item.parentId]);

async function storedItemState(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom('menu_items')
    .select(['title', 'titles', 'link_type', 'target_id', 'path', 'parent_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? itemState(row) : null;
}

export async function listMenuItems(location: MenuLocation): Promise<AdminMenuItem[]> {
  return inTreeOrder(await readItems(getDb(), location));
}

/** Rewrites `sort_order` to 0..n-1 in tree order, so the stored order never has gaps or ties. */
async function renumber(trx: Kysely<Database>, location: MenuLocation, order?: { id: string; parentId: string | null }[]): Promise<void> {
  const items = order ?? inTreeOrder(await readItems(trx, location));
  for (const [index, item] of items.entries()) {
    await trx
      .updateTable('menu_items')
      .set({ sort_order: index, parent_id: item.parentId })
      .where('id', '=', item.id)
      .where('location', '=', location)
      .execute();
  }
}

/** The columns a checked item writes, or the failure that refuses it. */
async function checkItem(
  trx: Kysely<Database>,
  input: MenuItemInput,
  selfId: string | null,
): Promise<Failure | { ok: true; path: string; targetId: string | null }> {
  let path = '';
  let targetId: string | null = null;
  if (input.linkType === 'page' || input.linkType === 'post') {
    const table = input.linkType === 'page' ? 'pages' : 'blog_posts';
    const target = await trx
      .selectFrom(table)
      .select(['id', 'slug'])
      .where('id', '=', input.targetId)
      .where('status', '!=', 'trash')
      .executeTakeFirst();
    if (!target) return invalid({ targetId: input.linkType === 'page' ? 'This page no longer exists.' : 'This post no longer exists.' });
    targetId = target.id;
    path = pathOf(input.linkType, target.slug, '');
  } else if (input.linkType === 'anchor') {
    path = `#${input.anchor}`;
  } else {
    path = input.url;
  }
  if (input.parentId) {
    if (input.parentId === selfId) return invalid({ parentId: 'An item cannot be nested under itself.' });
    const parent = await trx
      .selectFrom('menu_items')
      .select(['id', 'parent_id'])
      .where('id', '=', input.parentId)
      .where('location', '=', input.location)
      .executeTakeFirst();
    if (!parent) return invalid({ parentId: 'Choose a top-level item of this menu.' });
    if (parent.parent_id) return invalid({ parentId: 'Menus have one level of nesting: choose a top-level item.' });
    if (selfId) {
      const child = await trx.selectFrom('menu_items').select('id').where('parent_id', '=', selfId).executeTakeFirst();
      if (child) return invalid({ parentId: 'This item has items nested under it, so it cannot be nested itself.' });
    }
  }
  return { ok: true, path, targetId };
}

const columns = (input: MenuItemInput, checked: { path: string; targetId: string | null }) => ({
  title: input.title,
  titles: JSON.stringify(Object.fromEntries(Object.entries(input.titles ?? {}).filter(([, title]) => title))),
  link_type: input.linkType,
  target_id: checked.targetId,
  path: checked.path,
  parent_id: input.parentId || null,
});

/** The audit entry of a change to one menu item. */
function auditMenuChange(
  trx: Kysely<Database>,
  actor: Actor,
  item: { id: string; title: string; location: MenuLocation },
  change: 'created' | 'updated' | 'deleted',
) {
  return recordAudit(trx, {
    actor,
    action: 'menu.changed',
    target: { type: 'menu_item', id: item.id, label: item.title },
    details: { change, location: item.location },
  });
}

/**
 * Adds an item at the end of its menu (or of its parent's children). The input has passed `menuItemSchema`;
 * what only the database knows (the page or post exists, the parent is a top-level item) is checked here.
 */
export async function createMenuItem(actor: Actor, input: MenuItemInput): Promise<Result<{ id: string }>> {
  return publicWriteAs(actor, MENUS_PERMISSION, async (trx) => {
    const count = await trx
      .selectFrom('menu_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('location', '=', input.location)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_MENU_ITEMS) return invalid({}, [`A menu holds at most ${MAX_MENU_ITEMS} items.`]);
    const checked = await checkItem(trx, input, null);
    if (!checked.ok) return checked;
    const id = newId();
    await trx
      .insertInto('menu_items')
      .values({ id, location: input.location, sort_order: MAX_MENU_ITEMS * 10, ...columns(input, checked) })
      .execute();
    await renumber(trx, input.location);
    await auditMenuChange(trx, actor, { id, title: input.title, location: input.location }, 'created');
    return { ok: true as const, id };
  });
}

/**
 * Changes an item (input checked by `menuItemSchema`); moving it under another parent puts it last there. `version`
 * is the item's version the dialog was opened at: a save over someone else's change is refused.
 */
export async function updateMenuItem(actor: Actor, id: string, input: MenuItemInput, version?: string): Promise<Result> {
  return publicWriteAs(actor, MENUS_PERMISSION, async (trx) => {
    const existing = await trx.selectFrom('menu_items').select(['id', 'location', 'parent_id']).where('id', '=', id).executeTakeFirst();
    if (!existing || existing.location !== input.location) return notFound('This menu item no longer exists.');
    const stale = await refuseStale(trx, `menu-item:${id}`, version, (db) => storedItemState(db, id), ITEM_CHANGED);
    if (stale) return stale;
    const checked = await checkItem(trx, input, id);
    if (!checked.ok) return checked;
    // Moving under another parent puts the item at the end of that parent's children.
    const moved = (existing.parent_id ?? '') !== input.parentId;
    await trx
      .updateTable('menu_items')
      .set({ ...columns(input, checked), ...(moved ? { sort_order: MAX_MENU_ITEMS * 10 } : {}) })
      .where('id', '=', id)
      .execute();
    await renumber(trx, input.location);
    await auditMenuChange(trx, actor, { id, title: input.title, location: input.location }, 'updated');
    return { ok: true as const };
  });
}

/** Deletes an item; items nested under it move up to the top level in its place. */
export async function deleteMenuItem(actor: Actor, id: string): Promise<Result> {
  return publicWriteAs(actor, MENUS_PERMISSION, async (trx) => {
    const existing = await trx.selectFrom('menu_items').select(['id', 'title', 'location']).where('id', '=', id).executeTakeFirst();
    if (!existing) return notFound('This menu item no longer exists.');
    const items = inTreeOrder(await readItems(trx, existing.location));
    await trx.deleteFrom('menu_items').where('id', '=', id).execute();
    const remaining = items
      .filter((item) => item.id !== id)
      .map((item) => ({ id: item.id, parentId: item.parentId === id ? null : item.parentId }));
    await renumber(trx, existing.location, remaining);
    await auditMenuChange(trx, actor, existing, 'deleted');
    return { ok: true as const };
  });
}

/**
 * Stores a new order (and nesting) for a whole location in one transaction: `sort_order` becomes 0..n-1.
 * The order (checked by `menuOrderSchema`) must name every item of the location exactly once; nesting is one
 * level, header only. `from` is the order the move was made from: when the stored order is another (someone else
 * moved items since), the reorder is refused rather than undoing their move.
 */
export async function reorderMenu(actor: Actor, { location, order, from }: MenuOrderInput): Promise<Result> {
  return publicWriteAs(actor, MENUS_PERMISSION, async (trx) => {
    const stale = await refuseStale(
      trx,
      `menu:${location}`,
      from && stateVersion(orderState(from)),
      async (db) => orderState(inTreeOrder(await readItems(db, location))),
      ORDER_CHANGED,
    );
    if (stale) return stale;
    const stored = await trx.selectFrom('menu_items').select('id').where('location', '=', location).execute();
    const ids = new Set(order.map((item) => item.id));
    if (ids.size !== order.length || ids.size !== stored.length || stored.some((row) => !ids.has(row.id))) {
      return invalid({}, ['The menu changed since you opened it. Reload the page and try again.']);
    }
    const parentOf = new Map(order.map((item) => [item.id, item.parentId]));
    for (const [index, item] of order.entries()) {
      if (!item.parentId) continue;
      if (location !== 'header') return invalid({}, ['Only header items can be nested.']);
      const parentIndex = order.findIndex((other) => other.id === item.parentId);
      if (parentIndex < 0 || parentIndex > index || parentOf.get(item.parentId)) {
        return invalid({}, ['Menus have one level of nesting: an item can only be nested under a top-level item.']);
      }
    }
    await renumber(trx, location, inTreeOrder(order));
    await recordAudit(trx, {
      actor,
      action: 'menu.changed',
      target: { type: 'menu', id: location, label: location },
      details: { change: 'reordered' },
    });
    return { ok: true as const };
  });
}
