import { type KeyboardEvent, useRef } from 'react';
import { Link } from 'react-router';

export const SETTINGS_TABS = [
  { id: 'general', label: 'General' },
  { id: 'security', label: 'Security' },
  { id: 'email', label: 'Email' },
  { id: 'advanced', label: 'Advanced' },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['id'];

export function isSettingsTab(value: string | null): value is SettingsTab {
  return SETTINGS_TABS.some((tab) => tab.id === value);
}

/**
 * The settings tabs: links to ?tab=… (so they work before the script loads and a tab can be
 * bookmarked), marked up as a tab list; arrow keys, Home and End move between tabs.
 */
export function SettingsTabs({ current }: { current: SettingsTab }) {
  const refs = useRef<(HTMLAnchorElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const last = SETTINGS_TABS.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    refs.current[next]?.focus();
    // Following the link itself (rather than useNavigate) keeps the shared router chunk of public pages as small as it was.
    refs.current[next]?.click();
  };
  return (
    <div role="tablist" aria-label="Settings sections" className="flex gap-1 overflow-x-auto border-b border-gray-200">
      {SETTINGS_TABS.map((tab, index) => {
        const selected = tab.id === current;
        return (
          <Link
            key={tab.id}
            ref={(element) => {
              refs.current[index] = element;
            }}
            id={`settings-tab-${tab.id}`}
            role="tab"
            to={`?tab=${tab.id}`}
            replace
            preventScrollReset
            aria-selected={selected}
            aria-controls={`settings-panel-${tab.id}`}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-700 ${
              selected ? 'border-blue-700 text-blue-800' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'
            }`}
          >
            {tab.label}
          </Link>
        );
      })}
    </div>
  );
}
