import * as Menu from '@radix-ui/react-dropdown-menu';
import { ArrowLeft, Check, ChevronDown, ExternalLink, Laptop, Monitor, Redo2, Smartphone, Tablet, Undo2 } from 'lucide-react';
import { Link } from 'react-router';

import { primaryButton, secondaryButton } from '#app/components/ui/buttons.ts';
import { IconButton } from '#app/components/ui/icon-button.tsx';

import { PREVIEW_DEVICES, type PreviewDeviceId } from './devices.ts';

export interface PanelVisibility {
  code: boolean;
  blocks: boolean;
  settings: boolean;
}

const DEVICE_ICONS = {
  desktop: Monitor,
  laptop: Laptop,
  tablet: Tablet,
  mobile: Smartphone,
} as const;
const VIEW_ENTRIES = [
  { key: 'code', label: 'Show Code Editor' },
  { key: 'blocks', label: 'Show Block Layout' },
  { key: 'settings', label: 'Show Settings' },
] as const;

const iconButton =
  'inline-flex h-9 items-center justify-center gap-1 rounded-md px-2 text-sm text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-40';

/** The editor's top bar: back, theme name, devices, undo/redo, View menu, Preview and Save. */
export function EditorTopBar(props: {
  name: string;
  device: PreviewDeviceId;
  onDevice: (id: PreviewDeviceId) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  panels: PanelVisibility;
  onTogglePanel: (key: keyof PanelVisibility) => void;
  onPreview: () => void;
  onSave: () => void;
  saving: boolean;
  changed: boolean;
}) {
  return (
    <header className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b border-gray-200 bg-white px-3 py-2">
      <Link to="/admin/themes" className={iconButton} aria-label="Back to themes">
        <ArrowLeft aria-hidden className="size-4" />
        <span className="hidden sm:inline">Themes</span>
      </Link>
      <div className="min-w-0 flex-1 basis-48">
        <h1 className="truncate text-base font-semibold text-gray-900" title={props.name}>
          {props.name}
        </h1>
        <p className="text-xs text-gray-600">
          Editing theme
          {props.changed ? <span className="ml-1 text-amber-700">· unsaved changes</span> : null}
        </p>
      </div>
      <div role="group" aria-label="Preview device" className="flex items-center rounded-md bg-gray-100 p-0.5">
        {PREVIEW_DEVICES.map((device) => {
          const Icon = DEVICE_ICONS[device.id];
          const pressed = props.device === device.id;
          return (
            <button
              key={device.id}
              type="button"
              aria-pressed={pressed}
              aria-label={`${device.label} (${device.size})`}
              title={`${device.label} · ${device.size}`}
              onClick={() => props.onDevice(device.id)}
              className={`inline-flex h-8 w-9 items-center justify-center rounded focus-visible:outline-2 focus-visible:outline-blue-700 ${pressed ? 'bg-white text-blue-700 shadow-sm' : 'text-gray-600 hover:text-gray-900'}`}
            >
              <Icon aria-hidden className="size-4" />
            </button>
          );
        })}
      </div>
      <div className="flex items-center">
        {[
          { icon: Undo2, label: 'Undo', title: 'Undo (Ctrl+Z)', onClick: props.onUndo, disabled: !props.canUndo },
          { icon: Redo2, label: 'Redo', title: 'Redo (Shift+Ctrl+Z)', onClick: props.onRedo, disabled: !props.canRedo },
        ].map((button) => (
          <IconButton key={button.label} className={iconButton} {...button} />
        ))}
      </div>
      <Menu.Root modal={false}>
        <Menu.Trigger className={iconButton}>
          View <ChevronDown aria-hidden className="size-4" />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content align="end" sideOffset={4} className="z-50 min-w-52 rounded-md border border-gray-200 bg-white p-1 shadow-lg">
            {VIEW_ENTRIES.map((entry) => (
              <Menu.CheckboxItem
                key={entry.key}
                checked={props.panels[entry.key]}
                onCheckedChange={() => props.onTogglePanel(entry.key)}
                onSelect={(event) => event.preventDefault()}
                className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-gray-800 outline-none data-[highlighted]:bg-gray-100"
              >
                <span className="inline-flex size-4 items-center justify-center">
                  <Menu.ItemIndicator>
                    <Check aria-hidden className="size-4" />
                  </Menu.ItemIndicator>
                </span>
                {entry.label}
              </Menu.CheckboxItem>
            ))}
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      <button type="button" className={secondaryButton} onClick={props.onPreview}>
        <ExternalLink aria-hidden className="size-4" /> Preview
      </button>
      <button type="button" className={primaryButton} onClick={props.onSave} disabled={props.saving}>
        {props.saving ? 'Saving…' : 'Save'}
      </button>
    </header>
  );
}
