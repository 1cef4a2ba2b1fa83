import type { Editor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';

import { dangerButton } from '#app/components/ui/buttons.ts';
import { DialogButtons } from '#app/components/ui/dialog-buttons.tsx';
import { Modal } from '#app/components/ui/modal.tsx';
import type { loader as linkTargetsLoader } from '#app/routes/resources/link-targets.ts';

import { TextInput } from './text-input.tsx';

const SEARCH_DELAY_MS = 250;
/** Where a link may lead: a path on this site, an anchor, the web, an e-mail address or a phone number. */
const LINK_ADDRESS = /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i;

/**
 * Makes the selection a link, or changes or removes the link under the cursor: an address typed in, or a
 * published page or post found by its title. With nothing selected, the chosen title becomes the link's text.
 */
export function LinkDialog(props: { editor: Editor; onClose: () => void }) {
  const { editor, onClose } = props;
  const existing = String(editor.getAttributes('link').href ?? '');
  const [url, setUrl] = useState(existing);
  const [title, setTitle] = useState('');
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | undefined>();
  const targets = useFetcher<typeof linkTargetsLoader>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { load } = targets;

  useEffect(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void load(`/admin/editor/link-targets?${new URLSearchParams({ q: query.trim() })}`), SEARCH_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [query, load]);

  const apply = () => {
    const href = url.trim();
    if (!LINK_ADDRESS.test(href)) return setError('Enter an address starting with /, https://, mailto: or tel:');
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: title || href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.extendMarkRange('link').setLink({ href }).run();
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };

  return (
    <Modal open onOpenChange={(open) => (open ? null : onClose())} title={existing ? 'Edit Link' : 'Insert Link'}>
      <div className="space-y-4">
        <TextInput
          id="rich-editor-link-url"
          label="URL"
          value={url}
          onChange={(value) => {
            setUrl(value);
            setError(undefined);
          }}
          onEnter={apply}
          error={error}
          autoFocus
        />
        <TextInput
          id="rich-editor-link-search"
          label="Search pages and posts"
          type="search"
          value={query}
          onChange={setQuery}
          onEnter={() => {}}
        />
        <ul
          aria-label="Pages and posts"
          aria-busy={targets.state !== 'idle'}
          className="max-h-56 divide-y divide-gray-100 overflow-y-auto rounded-md border border-gray-200"
        >
          {(targets.data?.targets ?? []).map((target) => (
            <li key={target.path}>
              <button
                type="button"
                onClick={() => {
                  setUrl(target.path);
                  setTitle(target.title);
                  setError(undefined);
                }}
                aria-pressed={url === target.path}
                className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-gray-50 aria-pressed:bg-blue-50"
              >
                <span className="min-w-0 truncate font-medium text-gray-900">{target.title}</span>
                <span className="shrink-0 text-xs text-gray-600">
                  {target.kind === 'page' ? 'Page' : 'Post'} · {target.path}
                </span>
              </button>
            </li>
          ))}
          {targets.data && targets.data.targets.length === 0 ? (
            <li className="px-3 py-2 text-sm text-gray-600">No published page or post found.</li>
          ) : null}
        </ul>
        <DialogButtons
          before={
            existing ? (
              <button type="button" className={`${dangerButton} mr-auto`} onClick={remove}>
                Remove Link
              </button>
            ) : null
          }
          onCancel={onClose}
          onConfirm={apply}
          confirmLabel="Apply"
        />
      </div>
    </Modal>
  );
}
