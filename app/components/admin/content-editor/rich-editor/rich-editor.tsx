import { EditorContent, useEditor } from '@tiptap/react';
import { type RefObject, useEffect, useRef, useState } from 'react';

import { cleanPastedHtml } from './clean-pasted-html.ts';
import { type EditorDialog, EditorDialogs } from './editor-dialogs.tsx';
import { contentExtensions } from './extensions.ts';
import { Toolbar } from './toolbar.tsx';

/**
 * The rich editor of the Content field (docs/decisions/025): Tiptap over ProseMirror, reading and writing
 * Markdown. It edits a copy of the form's textarea: every change is written back into it with an `input` event,
 * and the Markdown view shows the textarea itself; leaving that view reads the textarea again.
 */
export default function RichEditor(props: {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  fieldId: string;
  labelId: string;
  invalid: boolean;
  source: boolean;
  onSourceChange: (source: boolean) => void;
  onReady: () => void;
}) {
  const { textareaRef, source, onReady } = props;
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  const writing = useRef(false);
  const [initial] = useState(() => textareaRef.current?.value ?? '');

  const editor = useEditor({
    extensions: contentExtensions(),
    content: initial,
    contentType: 'markdown',
    immediatelyRender: false,
    editorProps: {
      attributes: {
        'aria-labelledby': props.labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        id: props.fieldId,
        class: 'site-prose rich-editor-content min-h-64 px-3 py-2 text-sm text-gray-900 focus:outline-none',
      },
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: ({ editor: current }) => {
      const textarea = textareaRef.current;
      if (!textarea || writing.current) return;
      // An empty last paragraph (the line after the cursor) is no content of its own.
      textarea.value = current.getMarkdown().replace(/\s+$/, '');
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    },
  });

  const announced = useRef(false);
  useEffect(() => {
    if (!editor || announced.current) return;
    announced.current = true;
    // Text typed into the textarea while the editor was loading is not lost.
    const current = textareaRef.current?.value ?? '';
    if (current !== initial) editor.commands.setContent(current, { contentType: 'markdown', emitUpdate: false });
    onReady();
  }, [editor, onReady, initial, textareaRef]);

  // Back from the Markdown view: the textarea may have been edited there.
  const wasSource = useRef(source);
  useEffect(() => {
    if (editor && wasSource.current && !source) {
      writing.current = true;
      editor.commands.setContent(textareaRef.current?.value ?? '', { contentType: 'markdown', emitUpdate: false });
      writing.current = false;
    }
    wasSource.current = source;
  }, [editor, source, textareaRef]);

  if (!editor) return null;
  return (
    <div className={`rounded-md border ${props.invalid ? 'border-red-600' : 'border-gray-300'} ${source ? 'rounded-b-none' : ''}`}>
      <Toolbar editor={editor} source={source} onSourceChange={props.onSourceChange} onDialog={setDialog} />
      <div hidden={source}>
        <EditorContent editor={editor} />
      </div>
      <EditorDialogs editor={editor} dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
