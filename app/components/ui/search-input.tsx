import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';

const searchBoxClass =
  'w-full rounded-md border border-gray-300 py-2 pr-3 text-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none';

/**
 * A search box with its magnifier and a label only screen readers read: the admin's top bar, list filters and the
 * media library and picker all use this one.
 */
export function SearchInput({
  id,
  label,
  wrapperClassName = '',
  className = searchBoxClass,
  ...input
}: { id: string; label: string; wrapperClassName?: string } & ComponentProps<'input'>) {
  return (
    <div className={`relative ${wrapperClassName}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" aria-hidden />
      <input id={id} type="search" className={`${className} pl-9`} {...input} />
    </div>
  );
}
