import * as Dialog from '@radix-ui/react-dialog';
import { ImageIcon, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { inputClass, primaryButton, secondaryButton } from './buttons.ts';

/** Sets a field's value from a script and tells the form, as if the user had typed it. */
function setFieldValue(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The post's featured image: an address field with Choose Image and Remove. Choose Image
 * asks for an image URL for now; the media library's picker takes its place later.
 */
export function FeaturedImageField({ name, defaultValue }: { name: string; defaultValue: string | null }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(defaultValue ?? '');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  // A picture that cannot be loaded is not shown as a broken icon; the address stays editable.
  const [broken, setBroken] = useState<string | null>(null);
  const id = `${name}-field`;

  const apply = (next: string) => {
    if (inputRef.current) setFieldValue(inputRef.current, next);
    setValue(next);
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        Featured Image
      </label>
      {value && value !== broken && /^(\/(?!\/)|https?:\/\/)/i.test(value) ? (
        <img src={value} alt="" onError={() => setBroken(value)} className="mb-2 aspect-video w-full rounded-md bg-gray-100 object-cover ring-1 ring-gray-200" />
      ) : null}
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="text"
        inputMode="url"
        defaultValue={defaultValue ?? ''}
        placeholder="/media/… or https://…"
        onInput={(event) => setValue(event.currentTarget.value)}
        className={inputClass}
      />
      <div className="mt-2 flex gap-2">
        <button type="button" className={secondaryButton} onClick={() => (setDraft(value), setOpen(true))}>
          <ImageIcon className="size-4" aria-hidden />
          Choose Image
        </button>
        {value ? (
          <button type="button" className={secondaryButton} onClick={() => apply('')} aria-label="Remove featured image">
            <X className="size-4" aria-hidden />
            Remove
          </button>
        ) : null}
      </div>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-900/50" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
            <Dialog.Title className="text-lg font-semibold text-gray-900">Choose Image</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-gray-700">Paste the address of the image to feature.</Dialog.Description>
            <label htmlFor={`${id}-url`} className="mt-4 mb-1 block text-sm font-medium text-gray-800">
              Image URL
            </label>
            <input id={`${id}-url`} type="text" inputMode="url" value={draft} onChange={(event) => setDraft(event.target.value)} className={inputClass} />
            <div className="mt-6 flex justify-end gap-3">
              <Dialog.Close className={secondaryButton}>Cancel</Dialog.Close>
              <button type="button" className={primaryButton} onClick={() => (apply(draft.trim()), setOpen(false))}>
                Use image
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
