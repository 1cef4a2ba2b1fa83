const COLOURS: Record<string, string> = {
  published: 'bg-green-100 text-green-800 ring-green-600/20',
  draft: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20',
  review: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  trash: 'bg-red-100 text-red-800 ring-red-600/20',
};

/** A capitalised, coloured status: published green, draft yellow, review blue, trash red. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${COLOURS[status] ?? 'bg-gray-100 text-gray-800 ring-gray-600/20'}`}
    >
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </span>
  );
}
