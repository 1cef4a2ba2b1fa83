import { ImageIcon, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { MediaPicker } from './media-picker.tsx';

export interface ImageFieldLabels {
  label: string;
  chooseLabel: string;
  removeLabel: string;
  previewAlt: string;
  /** A favicon is previewed at icon size; other images up to 12rem high. */
  icon?: boolean;
}

const FEATURED_IMAGE_LABELS: ImageFieldLabels = {
  label: 'Featured Image',
  chooseLabel: 'Choose Image',
  removeLabel: 'Remove featured image',
  previewAlt: 'Featured image preview',
};

/**
 * An image address field: the text field, a button opening the media picker,
 * and a remove button. The value is a plain URL, so an image from elsewhere on
 * the site can still be typed in. By default it is the blog editor's Featured
 * Image (docs/product.md, Blog posts); the hero image and the logo pass their own labels.
 */
export function ImageField({
  name,
  defaultValue,
  labels = FEATURED_IMAGE_LABELS,
  error,
  alt,
}: {
  name: string;
  defaultValue: string | null;
  labels?: ImageFieldLabels;
  error?: string | undefined;
  /** The image's alternative text, asked for below it while an image is set (the featured image's). */
  alt?: { name: string; defaultValue: string; error?: string | undefined };
}) {
  const [value, setValue] = useState(defaultValue ?? '');
  const [picking, setPicking] = useState(false);
  const id = `${name}-field`;
  const inputRef = useRef<HTMLInputElement>(null);
  const setByButton = useRef(false);

  // The picker and Remove change the value without typing: tell the form (validation, the
  // editor's unsaved-changes tracking) as if the user had typed it.
  useEffect(() => {
    if (!setByButton.current) return;
    setByButton.current = false;
    inputRef.current?.dispatchEvent(new Event('input', { bubbles: true }));
  }, [value]);
  const choose = (url: string) => {
    setByButton.current = true;
    setValue(url);
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {labels.label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="text"
          inputMode="url"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          placeholder="/media/…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="block min-w-0 flex-1 rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none"
        />
        <button
          type="button"
          onClick={() => setPicking(true)}
          className="flex shrink-0 items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
        >
          <ImageIcon className="size-4" aria-hidden />
          {labels.chooseLabel}
        </button>
        {value ? (
          <button
            type="button"
            onClick={() => choose('')}
            className="shrink-0 rounded-md border border-gray-300 bg-white p-2 text-gray-600 hover:bg-gray-50"
            aria-label={labels.removeLabel}
          >
            <X className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {value ? (
        <img
          src={value}
          alt={labels.previewAlt}
          className={`mt-3 rounded-md border border-gray-200 object-contain ${labels.icon ? 'size-12 p-1' : 'max-h-48'}`}
        />
      ) : null}
      {alt && value ? (
        <div className="mt-3">
          <label htmlFor={`${id}-alt`} className="block text-sm font-medium text-gray-800">
            Alt Text
          </label>
          <input
            id={`${id}-alt`}
            name={alt.name}
            type="text"
            defaultValue={alt.defaultValue}
            maxLength={300}
            aria-describedby={`${id}-alt-description`}
            aria-invalid={alt.error ? true : undefined}
            className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none"
          />
          <p id={`${id}-alt-description`} className="mt-1 text-xs text-gray-600">
            {alt.error ?? 'What the image shows, for people who cannot see it. Leave empty if it is decoration.'}
          </p>
        </div>
      ) : null}
      <MediaPicker open={picking} onOpenChange={setPicking} onSelect={(item) => choose(item.url)} />
    </div>
  );
}
