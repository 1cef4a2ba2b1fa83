import type { Editor } from '@tiptap/react';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';

import { DialogButtons } from '#app/components/ui/dialog-buttons.tsx';
import { Modal } from '#app/components/ui/modal.tsx';
import { embedPlayerFor } from '#app/lib/embeds.ts';
import type { PickedMedia } from '#app/lib/media-item.ts';

import { MediaPicker } from '../../media-picker.tsx';
import { LinkDialog } from './link-dialog.tsx';
import { TextInput } from './text-input.tsx';

export type EditorDialog = 'link' | 'image' | 'embed';

/** The toolbar's dialogs: a link, an image from the media library with its alt text, a video embed. */
export function EditorDialogs(props: { editor: Editor; dialog: EditorDialog | null; onClose: () => void }) {
  const { editor, dialog, onClose } = props;
  const [picked, setPicked] = useState<PickedMedia | null>(null);
  return (
    <>
      {dialog === 'link' ? <LinkDialog editor={editor} onClose={onClose} /> : null}
      <MediaPicker
        open={dialog === 'image'}
        onOpenChange={(open) => (open ? null : onClose())}
        onSelect={(item) => {
          setPicked(item);
          onClose();
        }}
      />
      {picked ? <ImageAltDialog editor={editor} image={picked} onClose={() => setPicked(null)} /> : null}
      {dialog === 'embed' ? <EmbedDialog editor={editor} onClose={onClose} /> : null}
    </>
  );
}

/** Asks for the chosen image's alt text: empty at first, with a warning for as long as it stays empty. */
function ImageAltDialog(props: { editor: Editor; image: PickedMedia; onClose: () => void }) {
  const [alt, setAlt] = useState('');
  const insert = () => {
    props.editor.chain().focus().setImage({ src: props.image.url, alt: alt.trim() }).run();
    props.onClose();
  };
  return (
    <Modal open onOpenChange={(open) => (open ? null : props.onClose())} title="Image Alt Text">
      <div className="space-y-4">
        <img src={props.image.url} alt="" className="max-h-40 rounded-md border border-gray-200 object-contain" />
        <TextInput id="rich-editor-image-alt" label="Alt text" value={alt} onChange={setAlt} onEnter={insert} autoFocus />
        {alt.trim() ? null : (
          <p role="status" className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            Without alt text, people who cannot see the image will not know what it shows. Leave it empty only for decoration.
          </p>
        )}
        <DialogButtons onCancel={props.onClose} onConfirm={insert} confirmLabel="Insert Image" />
      </div>
    </Modal>
  );
}

/** A YouTube or Vimeo address, stored as the address on a line of its own. */
function EmbedDialog(props: { editor: Editor; onClose: () => void }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const insert = () => {
    if (!embedPlayerFor(url)) return setError('Enter a YouTube or Vimeo video address.');
    props.editor.chain().focus().setEmbed(url).run();
    props.onClose();
  };
  return (
    <Modal open onOpenChange={(open) => (open ? null : props.onClose())} title="Embed Video">
      <div className="space-y-4">
        <TextInput
          id="rich-editor-embed-url"
          label="Video URL"
          hint="A YouTube or Vimeo address, such as https://www.youtube.com/watch?v=…"
          value={url}
          onChange={(value) => {
            setUrl(value);
            setError(undefined);
          }}
          onEnter={insert}
          error={error}
          autoFocus
        />
        <DialogButtons onCancel={props.onClose} onConfirm={insert} confirmLabel="Insert Embed" />
      </div>
    </Modal>
  );
}
