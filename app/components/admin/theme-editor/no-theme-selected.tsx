import { ArrowLeft, Palette } from 'lucide-react';
import { Link } from 'react-router';

import { secondaryButton } from '#app/components/ui/buttons.ts';

/** The editor opened on a theme that does not exist. */
export function NoThemeSelected() {
  return (
    <div className="flex min-h-screen flex-col bg-gray-100">
      <header className="flex items-center gap-3 border-b border-gray-200 bg-white px-3 py-2">
        <Link
          to="/admin/themes"
          className="inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm text-gray-700 hover:bg-gray-100"
          aria-label="Back to themes"
        >
          <ArrowLeft aria-hidden className="size-4" /> Themes
        </Link>
      </header>
      <main className="flex flex-1 items-center justify-center p-6">
        <div className="max-w-sm text-center">
          <Palette aria-hidden className="mx-auto size-10 text-gray-400" />
          <h1 className="mt-3 text-lg font-semibold text-gray-900">No Theme Selected</h1>
          <p className="mt-1 text-sm text-gray-600">Please select a theme to edit.</p>
          <Link to="/admin/themes" className={`${secondaryButton} mt-4`}>
            Go to Themes
          </Link>
        </div>
      </main>
    </div>
  );
}
