import type { BulkAction } from '#app/components/admin/bulk-actions.tsx';
import type { ContentScreens } from '#app/lib/content-screens.ts';

/**
 * The bulk actions a list offers this user: the list's Move to trash, Publish (for those who may publish) and
 * Set to draft; the trash's Restore and Delete permanently, asked first with the spec's confirmation (for one
 * item, its very words). The server checks each item again whatever was offered.
 */
export function listBulkActions(options: {
  screens: ContentScreens;
  trash: boolean;
  canPublish: boolean;
  rows: { canEdit: boolean; canTrash: boolean; canDelete: boolean }[];
}): BulkAction[] {
  const { screens, trash, rows } = options;
  const noun = screens.pagination;
  if (trash) {
    return [
      rows.some((row) => row.canTrash) ? { intent: 'bulk-restore', label: 'Restore' } : null,
      rows.some((row) => row.canDelete)
        ? {
            intent: 'bulk-delete',
            label: 'Delete Permanently',
            danger: true,
            confirm: (count: number) =>
              count === 1
                ? screens.confirmDelete
                : `Are you sure you want to permanently delete these ${count} ${noun}s? This action cannot be undone.`,
          }
        : null,
    ].filter((action) => action !== null);
  }
  return [
    rows.some((row) => row.canTrash) ? { intent: 'bulk-trash', label: 'Move to Trash' } : null,
    options.canPublish ? { intent: 'bulk-publish', label: 'Publish' } : null,
    rows.some((row) => row.canEdit) ? { intent: 'bulk-draft', label: 'Set to Draft' } : null,
  ].filter((action) => action !== null);
}
