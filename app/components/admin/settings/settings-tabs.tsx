import { TabList } from '#app/components/ui/tab-list.tsx';

export const SETTINGS_TABS = [
  { id: 'general', label: 'General' },
  { id: 'security', label: 'Security' },
  { id: 'email', label: 'Email' },
  { id: 'advanced', label: 'Advanced' },
  { id: 'backups', label: 'Backups' },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['id'];

export function isSettingsTab(value: string | null): value is SettingsTab {
  return SETTINGS_TABS.some((tab) => tab.id === value);
}

/** The settings tabs: links to ?tab=… (so they work before the script loads and a tab can be bookmarked). */
export function SettingsTabs({ current }: { current: SettingsTab }) {
  return (
    <TabList
      label="Settings sections"
      idPrefix="settings"
      items={SETTINGS_TABS.map((tab) => ({ ...tab, to: `?tab=${tab.id}` }))}
      selected={current}
      panels
      replace
    />
  );
}
