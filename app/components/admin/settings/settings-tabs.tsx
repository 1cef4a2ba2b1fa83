import { TabList } from '#app/components/ui/tab-list.tsx';

export const SETTINGS_TABS = [
  { id: 'general', label: 'General' },
  { id: 'security', label: 'Security' },
  { id: 'email', label: 'Email' },
  { id: 'comments', label: 'Comments' },
  { id: 'advanced', label: 'Advanced' },
  { id: 'code-injection', label: 'Code Injection' },
  { id: 'backups', label: 'Backups' },
  { id: 'import', label: 'Import' },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['id'];

export function isSettingsTab(value: string | null): value is SettingsTab {
  return SETTINGS_TABS.some((tab) => tab.id === value);
}

/** The tabs only administrators see. */
const ADMINISTRATORS_TABS: readonly SettingsTab[] = ['code-injection', 'backups', 'import'];

/**
 * The settings tabs: links to ?tab=… (so they work before the script loads and a tab can be bookmarked); Code
 * Injection, Backups and Import only for administrators.
 */
export function SettingsTabs({ current, withBackups }: { current: SettingsTab; withBackups: boolean }) {
  return (
    <TabList
      label="Settings sections"
      idPrefix="settings"
      items={SETTINGS_TABS.filter((tab) => withBackups || !ADMINISTRATORS_TABS.includes(tab.id)).map((tab) => ({
        ...tab,
        to: `?tab=${tab.id}`,
      }))}
      selected={current}
      panels
      replace
    />
  );
}
