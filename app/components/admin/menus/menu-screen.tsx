import type { SubmissionResult } from '@conform-to/react';
import { ArrowDown, ArrowUp, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useFetcher } from 'react-router';

import { primaryButton } from '#app/components/ui/buttons.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { IconButton } from '#app/components/ui/icon-button.tsx';
import type { MenuLocation } from '#app/schemas/menu.ts';
import type { AdminMenuItem } from '#app/services/menus/menu-items.server.ts';

import { MenuItemDialog, type MenuLanguages } from './menu-item-dialog.tsx';
import { movedMessage, SortableGroup } from './sortable-group.tsx';

type Node = AdminMenuItem & { children: AdminMenuItem[] };
/** The menu action's answer: for the item dialog, a refusal carries Conform's reply to its form. */
export type MenuReply =
  { ok: true; intent: string } | { ok: false; intent: string; formErrors: string[]; result?: SubmissionResult<string[]> };

const TYPE_LABELS: Record<AdminMenuItem['linkType'], string> = { page: 'Page', post: 'Post', anchor: 'Section', url: 'URL' };

function toTree(items: AdminMenuItem[]): Node[] {
  return items.filter((item) => !item.parentId).map((root) => ({ ...root, children: items.filter((item) => item.parentId === root.id) }));
}

const move = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
};

/** The Header/Footer switch, the sortable list with its move buttons, and the add, edit and delete dialogs. */
/** A tree as the order the server stores: each top-level item followed by its children. */
const flatOrder = (tree: Node[]) =>
  tree.flatMap((root) => [{ id: root.id, parentId: null }, ...root.children.map((child) => ({ id: child.id, parentId: root.id }))]);

export function MenuScreen({ location, items, languages }: { location: MenuLocation; items: AdminMenuItem[]; languages: MenuLanguages }) {
  const [tree, setTree] = useState(() => toTree(items));
  useEffect(() => setTree(toTree(items)), [items]);
  const [announcement, setAnnouncement] = useState('');
  const [editing, setEditing] = useState<AdminMenuItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminMenuItem | null>(null);
  const orderFetcher = useFetcher<MenuReply>();
  const deleteFetcher = useFetcher<MenuReply>();

  useEffect(() => {
    const reply = orderFetcher.data ?? deleteFetcher.data;
    if (reply && !reply.ok) {
      toast.error(reply.formErrors[0] ?? 'The menu was not changed.');
      setTree(toTree(items));
    }
    // Only a new reply is news; the items are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderFetcher.data, deleteFetcher.data]);

  const save = (next: Node[]) => {
    setTree(next);
    // The order the move was made from goes with it: the server refuses the move if someone else reordered since.
    orderFetcher.submit(
      { intent: 'reorder', location, order: JSON.stringify(flatOrder(next)), from: JSON.stringify(flatOrder(tree)) },
      { method: 'post', action: '/admin/menu' },
    );
  };
  const moveTop = (from: number, to: number) => {
    save(move(tree, from, to));
    setAnnouncement(movedMessage(tree[from]!.title, to, tree.length));
  };
  const moveChild = (parentId: string) => (from: number, to: number) => {
    const parent = tree.find((node) => node.id === parentId)!;
    save(tree.map((node) => (node.id === parentId ? { ...node, children: move(node.children, from, to) } : node)));
    setAnnouncement(movedMessage(parent.children[from]!.title, to, parent.children.length));
  };
  const topLevel = useMemo(() => tree.map(({ children: _children, ...item }) => item), [tree]);

  const row = (
    item: AdminMenuItem,
    index: number,
    count: number,
    handle: React.ReactNode,
    onMove: (from: number, to: number) => void,
    nested: boolean,
  ) => (
    <div className={`flex h-10 items-center gap-2 rounded-md bg-white pr-1 pl-1 ring-1 ring-gray-200 ${nested ? 'ml-8' : ''}`}>
      {handle}
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 truncate text-sm font-medium text-gray-900">
          <span className="truncate">{item.title}</span>
          <span className="hidden shrink-0 rounded bg-gray-100 px-1.5 py-0.5 text-xs font-normal text-gray-700 sm:inline">
            {TYPE_LABELS[item.linkType]}
          </span>
          {item.visible ? null : (
            <span
              className="inline-flex shrink-0 items-center gap-1 rounded bg-yellow-100 px-1.5 py-0.5 text-xs font-normal text-yellow-900"
              title="Hidden from visitors until its target is published"
            >
              <EyeOff className="size-3" aria-hidden />
              Hidden
            </span>
          )}
        </p>
        <p className="truncate text-xs text-gray-600">{item.path}</p>
      </div>
      <IconButton
        icon={ArrowUp}
        label={`Move up ${item.title}`}
        className={iconButton}
        title="Move up"
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      />
      <IconButton
        icon={ArrowDown}
        label={`Move down ${item.title}`}
        className={iconButton}
        title="Move down"
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      />
      <IconButton icon={Pencil} label={`Edit ${item.title}`} className={iconButton} title="Edit" onClick={() => setEditing(item)} />
      <IconButton
        icon={Trash2}
        label={`Delete ${item.title}`}
        className={`${iconButton} text-red-700`}
        title="Delete"
        onClick={() => setDeleting(item)}
      />
    </div>
  );

  return (
    <div className="max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Menu location" className="inline-flex rounded-md bg-gray-100 p-1">
          {(['header', 'footer'] as const).map((value) => (
            <Link
              key={value}
              to={`/admin/menu?location=${value}`}
              aria-current={value === location ? 'page' : undefined}
              className="rounded px-4 py-1.5 text-sm font-medium text-gray-700 aria-[current=page]:bg-white aria-[current=page]:text-gray-900 aria-[current=page]:shadow-sm"
            >
              {value === 'header' ? 'Header' : 'Footer'}
            </Link>
          ))}
        </nav>
        <button type="button" className={primaryButton} onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden />
          Add Item
        </button>
      </div>
      <p className="text-sm text-gray-600">
        {location === 'header'
          ? 'The links of the top bar and the mobile menu. Drag an item, or use its arrow buttons, to change the order; an item can hold one level of sub-items, shown as a dropdown.'
          : 'The links at the bottom of every public page. Drag an item, or use its arrow buttons, to change the order.'}
      </p>
      {tree.length === 0 ? (
        <p className="rounded-md border border-dashed border-gray-300 p-6 text-center text-sm text-gray-600">This menu has no items yet.</p>
      ) : (
        <SortableGroup
          items={tree}
          label={location === 'header' ? 'Header menu items' : 'Footer menu items'}
          onMove={moveTop}
          renderItem={(node, index, handle) => (
            <>
              {row(node, index, tree.length, handle, moveTop, false)}
              {node.children.length ? (
                <div className="mt-1">
                  <SortableGroup
                    items={node.children}
                    label={`Items under ${node.title}`}
                    onMove={moveChild(node.id)}
                    renderItem={(child, childIndex, childHandle) =>
                      row(child, childIndex, node.children.length, childHandle, moveChild(node.id), true)
                    }
                  />
                </div>
              ) : null}
            </>
          )}
        />
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {editing ? (
        <MenuItemDialog
          location={location}
          languages={languages}
          item={editing === 'new' ? null : editing}
          parents={topLevel.filter((item) => editing === 'new' || item.id !== editing.id)}
          hasChildren={editing !== 'new' && tree.some((node) => node.id === editing.id && node.children.length > 0)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete menu item"
        message={`Are you sure you want to delete this item? "${deleting?.title ?? ''}" will no longer appear in the ${location} menu.`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) deleteFetcher.submit({ intent: 'delete', id: deleting.id, location }, { method: 'post', action: '/admin/menu' });
          setDeleting(null);
        }}
      />
    </div>
  );
}

const iconButton =
  'inline-flex size-8 shrink-0 items-center justify-center rounded text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-40';
