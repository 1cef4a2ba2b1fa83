import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  lineNumbers,
} from '@codemirror/view';
import { useEffect, useRef } from 'react';

/**
 * CodeMirror 6 over one section's HTML or CSS. Loaded on demand, only by the theme editor, from
 * our own origin. It keeps no undo history of its own: Ctrl/Cmd+Z goes to the editor's history,
 * which holds every change (code, settings, presets) in one order.
 */
export default function CodeEditor(props: { value: string; language: 'html' | 'css'; label: string; onChange: (value: string) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: props.value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightSpecialChars(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          EditorView.lineWrapping,
          props.language === 'html' ? html() : css(),
          EditorView.contentAttributes.of({ 'aria-label': props.label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChange.current(update.state.doc.toString());
          }),
          EditorView.theme({
            '&': { fontSize: '13px', height: '100%' },
            '.cm-scroller': { fontFamily: 'ui-monospace, Menlo, monospace' },
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // A new editor per language and label (section); the value follows below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.language, props.label]);

  // Undo, redo or a reset changed the text from outside: show it without losing the cursor more than needed.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current === props.value) return;
    const head = Math.min(editor.state.selection.main.head, props.value.length);
    editor.dispatch({
      changes: { from: 0, to: current.length, insert: props.value },
      selection: { anchor: head },
    });
  }, [props.value]);

  return (
    <div
      ref={host}
      className="h-full min-h-72 overflow-hidden rounded-md border border-gray-300 bg-white"
      data-testid={`code-editor-${props.language}`}
    />
  );
}
