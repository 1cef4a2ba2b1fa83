import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { Link } from 'react-router';

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
  /** The tab's own address: it works before the script loads and can be bookmarked. Without one, the tab is a button. */
  to?: string;
}

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-700';

type Stretch = 'phones' | 'always' | undefined;

const WIDTH = { phones: 'flex-1 px-2 sm:flex-none sm:px-4', always: 'flex-1 px-3', none: 'shrink-0 px-4' };

function tabClass(variant: 'underline' | 'pill', stretch: Stretch, selected: boolean): string {
  if (variant === 'pill') {
    return `rounded-md px-3 py-1 text-sm font-medium ${focusRing} ${
      selected ? 'bg-gray-900 text-white' : 'text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-50'
    }`;
  }
  return `-mb-px flex items-center justify-center gap-1.5 border-b-2 py-2 text-center text-sm font-medium ${focusRing} ${
    WIDTH[stretch ?? 'none']
  } ${selected ? 'border-blue-700 text-blue-800' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'}`;
}

/**
 * The admin's one tab list (the WAI-ARIA tabs pattern): arrow keys, Home and End move to a tab and select
 * it. Tab `id` is `${idPrefix}-tab-${id}`; with `panels`, it controls the panel `${idPrefix}-panel-${id}`,
 * which the caller renders with role="tabpanel".
 *
 * Tabs with `to` are links: without `onSelect` they navigate (each tab is its own address, and every tab
 * stays in the Tab order so the list works without the script); with `onSelect` the page switches in place
 * and only the selected tab is in the Tab order. Tabs without `to` are buttons calling `onSelect`.
 */
export function TabList<Id extends string>(props: {
  label: string;
  idPrefix: string;
  items: readonly TabItem<Id>[];
  selected: Id;
  onSelect?: (id: Id) => void;
  panels?: boolean;
  /** Link tabs replace the history entry and keep the scroll position, as switching in place would. */
  replace?: boolean;
  variant?: 'underline' | 'pill';
  /** Underlined tabs that share the list's width, on phones only or always. */
  stretch?: Stretch;
  className?: string;
}) {
  const { items, selected, onSelect, variant = 'underline' } = props;
  const elements = useRef(new Map<Id, HTMLElement>());
  const inPlace = Boolean(onSelect);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const last = items.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = elements.current.get(items[next]!.id);
    target?.focus();
    target?.click();
  };
  const defaultClass = variant === 'pill' ? 'flex gap-1' : 'flex gap-1 overflow-x-auto border-b border-gray-200';
  return (
    <div role="tablist" aria-label={props.label} className={props.className ?? defaultClass}>
      {items.map((item, index) => {
        const isSelected = item.id === selected;
        const shared = {
          id: `${props.idPrefix}-tab-${item.id}`,
          role: 'tab',
          'aria-selected': isSelected,
          'aria-controls': props.panels ? `${props.idPrefix}-panel-${item.id}` : undefined,
          tabIndex: inPlace && !isSelected ? -1 : 0,
          onKeyDown: (event: KeyboardEvent<HTMLElement>) => onKeyDown(event, index),
          className: tabClass(variant, props.stretch, isSelected),
          ref: (element: HTMLElement | null) => {
            if (element) elements.current.set(item.id, element);
            else elements.current.delete(item.id);
          },
        };
        return item.to ? (
          <Link
            key={item.id}
            {...shared}
            to={item.to}
            replace={props.replace}
            preventScrollReset={props.replace}
            onClick={
              onSelect
                ? (event) => {
                    event.preventDefault();
                    onSelect(item.id);
                  }
                : undefined
            }
          >
            {item.label}
          </Link>
        ) : (
          <button key={item.id} type="button" {...shared} onClick={() => onSelect?.(item.id)}>
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
