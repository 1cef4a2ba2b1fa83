import { type Editor, useEditorState } from '@tiptap/react';
import {
  Bold,
  Code,
  FileCode,
  Heading2,
  Heading3,
  Image,
  Italic,
  Link,
  List,
  ListOrdered,
  type LucideIcon,
  Minus,
  Quote,
  SquarePlay,
} from 'lucide-react';

import type { EditorDialog } from './editor-dialogs.tsx';

interface Tool {
  label: string;
  icon: LucideIcon;
  /** Shown as pressed when the selection has it. */
  active?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const chain = (editor: Editor) => editor.chain().focus();

/** The formatting buttons, each with its Markdown form (docs/product.md, "The Content editor"). */
const TOOLS: (Tool | { dialog: EditorDialog; label: string; icon: LucideIcon; active?: (editor: Editor) => boolean })[] = [
  {
    label: 'Heading 2',
    icon: Heading2,
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => chain(e).toggleHeading({ level: 2 }).run(),
  },
  {
    label: 'Heading 3',
    icon: Heading3,
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => chain(e).toggleHeading({ level: 3 }).run(),
  },
  { label: 'Bold', icon: Bold, active: (e) => e.isActive('bold'), run: (e) => chain(e).toggleBold().run() },
  { label: 'Italic', icon: Italic, active: (e) => e.isActive('italic'), run: (e) => chain(e).toggleItalic().run() },
  { dialog: 'link', label: 'Link', icon: Link, active: (e) => e.isActive('link') },
  { label: 'Bulleted list', icon: List, active: (e) => e.isActive('bulletList'), run: (e) => chain(e).toggleBulletList().run() },
  { label: 'Numbered list', icon: ListOrdered, active: (e) => e.isActive('orderedList'), run: (e) => chain(e).toggleOrderedList().run() },
  { label: 'Quote', icon: Quote, active: (e) => e.isActive('blockquote'), run: (e) => chain(e).toggleBlockquote().run() },
  { label: 'Code', icon: Code, active: (e) => e.isActive('code'), run: (e) => chain(e).toggleCode().run() },
  { label: 'Code block', icon: FileCode, active: (e) => e.isActive('codeBlock'), run: (e) => chain(e).toggleCodeBlock().run() },
  { label: 'Horizontal rule', icon: Minus, run: (e) => chain(e).setHorizontalRule().run() },
  { dialog: 'image', label: 'Image', icon: Image },
  { dialog: 'embed', label: 'Embed video', icon: SquarePlay },
];

const buttonClass =
  'rounded p-1.5 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-700 disabled:opacity-40 aria-pressed:bg-blue-100 aria-pressed:text-blue-900';

export function Toolbar(props: {
  editor: Editor;
  source: boolean;
  onSourceChange: (source: boolean) => void;
  onDialog: (dialog: EditorDialog) => void;
}) {
  const { editor, source } = props;
  const active = useEditorState({ editor, selector: ({ editor: e }) => TOOLS.map((tool) => tool.active?.(e) ?? false) });
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={editor.view.dom.id}
      className="flex flex-wrap items-center gap-0.5 border-b border-gray-200 bg-gray-50 px-1 py-1"
    >
      {TOOLS.map((tool, index) => (
        <button
          key={tool.label}
          type="button"
          title={tool.label}
          aria-label={tool.label}
          aria-pressed={tool.active ? active[index] : undefined}
          disabled={source}
          onClick={() => ('dialog' in tool ? props.onDialog(tool.dialog) : tool.run(editor))}
          className={buttonClass}
        >
          <tool.icon className="size-4" aria-hidden />
        </button>
      ))}
      <button
        type="button"
        aria-pressed={source}
        onClick={() => props.onSourceChange(!source)}
        className="ml-auto rounded px-2 py-1 text-xs font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-700 aria-pressed:bg-blue-100 aria-pressed:text-blue-900"
      >
        Markdown
      </button>
    </div>
  );
}
