import { Laptop, Monitor, Smartphone, Tablet, X } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Form } from 'react-router';

import { PREVIEW_DEVICES, type PreviewDeviceId } from '#app/components/admin/theme-editor/devices.ts';
import { secondaryButton } from '#app/components/ui/buttons.ts';
import { themePreviewUrl } from '#app/lib/theme/preview.ts';

const DEVICE_ICONS = { desktop: Monitor, laptop: Laptop, tablet: Tablet, mobile: Smartphone } as const;
const DESKTOP_HEIGHT = 720;

export interface PreviewPage {
  label: string;
  path: string;
}

/**
 * Preview mode of the Themes screen: the banner with the theme's name and Exit Preview, then the
 * real public pages rendered by the server in that theme (for this user only) in a frame sized to
 * the chosen device, scaled down to fit when the screen is narrower.
 */
export function ThemePreviewPanel({ theme, pages }: { theme: { id: string; name: string }; pages: PreviewPage[] }) {
  const [deviceId, setDeviceId] = useState<PreviewDeviceId>('desktop');
  const [path, setPath] = useState(pages[0]?.path ?? '/');
  const boxRef = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  useLayoutEffect(() => {
    const element = boxRef.current;
    if (!element) return;
    const measure = () => setBoxWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const device = PREVIEW_DEVICES.find((candidate) => candidate.id === deviceId) ?? PREVIEW_DEVICES[0];
  const fullWidth = device.id === 'desktop';
  const width = fullWidth ? Math.max(boxWidth, 320) : device.width;
  const height = device.height ?? DESKTOP_HEIGHT;
  const scale = boxWidth > 0 && !fullWidth ? Math.min(1, boxWidth / width) : 1;

  return (
    <section aria-label="Theme preview" className="space-y-4">
      <div
        role="status"
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-100 px-4 py-3 text-amber-950 ring-1 ring-amber-300"
      >
        <p className="text-sm">
          <strong className="font-semibold">Preview Mode</strong>
          <span className="mx-2" aria-hidden>
            ·
          </span>
          <span className="break-words">{theme.name}</span>
        </p>
        <Form method="get" action="/admin/themes">
          <button type="submit" className={secondaryButton}>
            <X className="size-4" aria-hidden />
            Exit Preview
          </button>
        </Form>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex max-w-full min-w-0 items-center gap-2 text-sm font-medium text-gray-800">
          Page
          <select
            value={path}
            onChange={(event) => setPath(event.target.value)}
            className="max-w-full min-w-0 truncate rounded-md border border-gray-300 px-2 py-1.5 text-sm"
          >
            {pages.map((page) => (
              <option key={page.path} value={page.path}>
                {page.label}
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label="Device" className="flex flex-wrap gap-1">
          {PREVIEW_DEVICES.map((candidate) => {
            const Icon = DEVICE_ICONS[candidate.id];
            const pressed = candidate.id === deviceId;
            return (
              <button
                key={candidate.id}
                type="button"
                aria-pressed={pressed}
                title={`${candidate.label} (${candidate.size})`}
                onClick={() => setDeviceId(candidate.id)}
                className={`inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium ring-1 ring-inset ${pressed ? 'bg-blue-700 text-white ring-blue-700' : 'bg-white text-gray-800 ring-gray-300 hover:bg-gray-50'}`}
              >
                <Icon className="size-4" aria-hidden />
                <span className="hidden sm:inline">{candidate.label}</span>
                <span className="sr-only sm:not-sr-only sm:text-xs sm:opacity-80">{candidate.size}</span>
              </button>
            );
          })}
        </div>
      </div>
      <div ref={boxRef} className="overflow-hidden rounded-lg bg-gray-200 p-0 ring-1 ring-gray-300">
        <div className="mx-auto" style={{ width: width * scale, height: height * scale }}>
          <iframe
            key={`${path}`}
            title={`${theme.name} theme preview`}
            src={themePreviewUrl(path, { themeId: theme.id })}
            className="origin-top-left border-0 bg-white"
            style={{ width, height, transform: scale === 1 ? undefined : `scale(${scale})` }}
          />
        </div>
      </div>
      {fullWidth ? null : (
        <p className="text-center text-xs text-gray-600">
          {device.label}: {device.size}
          {scale < 1 ? `, shown at ${Math.round(scale * 100)}%` : ''}
        </p>
      )}
    </section>
  );
}
