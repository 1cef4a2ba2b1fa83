/** The editor's failures (load, save, restore), each until dismissed. */
export function ErrorPanel({ errors, onDismiss }: { errors: string[]; onDismiss: () => void }) {
  if (!errors.length) return null;
  return (
    <div role="alert" className="flex shrink-0 items-start gap-4 border-b border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <div className="min-w-0 flex-1 space-y-1">
        {errors.map((error) => (
          <p key={error}>{error}</p>
        ))}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className="shrink-0 rounded-md px-3 py-1 font-medium text-red-800 ring-1 ring-red-300 ring-inset hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-700"
      >
        Dismiss
      </button>
    </div>
  );
}
