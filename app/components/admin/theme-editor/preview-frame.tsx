import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import type { SectionName } from '#app/lib/theme/model.ts';

import type { PreviewDevice } from './devices.ts';
import { activeOutlineCss, sectionOfElement, tagSections } from './preview-sections.ts';

const LIVE_STYLE_ID = 'theme-editor-live';

/**
 * The public site as the server renders it, in a same-origin frame. Setting changes never reload
 * it: the edited theme's CSS is written into a style element of the framed page. `src` changes
 * (HTML edits, a saved theme) load the page again. Clicking a section selects it.
 */
export function PreviewFrame(props: {
  src: string;
  /** Why the last change could not be shown (the frame keeps the last good rendering). */
  problem?: string | null;
  device: PreviewDevice;
  css: string;
  active: SectionName | null;
  onSelect: (name: SectionName) => void;
}) {
  const { src, device, css, active, onSelect } = props;
  const frameRef = useRef<HTMLIFrameElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, height: 0 });
  const [loaded, setLoaded] = useState<{ src: string; ok: boolean } | null>(null);
  const state = loaded?.src !== src ? 'loading' : loaded.ok ? 'ready' : 'failed';
  const latest = useRef({ css, active, onSelect });
  latest.current = { css, active, onSelect };

  useLayoutEffect(() => {
    const element = boxRef.current;
    if (!element) return;
    const measure = () => setBox({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const applyStyle = useCallback(() => {
    const doc = frameRef.current?.contentDocument;
    if (!doc?.head) return;
    let style = doc.getElementById(LIVE_STYLE_ID);
    if (!style) {
      style = doc.createElement('style');
      style.id = LIVE_STYLE_ID;
    }
    // Last in the head, so the edited theme wins over the stored one the page was rendered with.
    if (style !== doc.head.lastElementChild) doc.head.appendChild(style);
    // The page's own theme stylesheet was rendered from an older state of the theme; the edited one replaces it whole.
    for (const stored of doc.querySelectorAll<HTMLStyleElement | HTMLLinkElement>(
      'style[data-href^="site-theme-"], link[rel="stylesheet"][href^="/theme/"]',
    )) {
      stored.disabled = true;
    }
    style.textContent = latest.current.css + activeOutlineCss(latest.current.active);
  }, []);

  useEffect(applyStyle, [css, active, applyStyle]);

  const onLoad = useCallback(() => {
    const frame = frameRef.current;
    const doc = frame?.contentDocument;
    if (!doc?.body) {
      setLoaded({ src, ok: false });
      return;
    }
    // A preview the server could not render is an error page, not the site.
    setLoaded({ src, ok: !!doc.querySelector('main') });
    tagSections(doc);
    applyStyle();
    // Undo and redo work while the preview has the focus too.
    doc.addEventListener('keydown', (event) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const copy = new KeyboardEvent('keydown', {
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        cancelable: true,
      });
      window.dispatchEvent(copy);
      if (copy.defaultPrevented) event.preventDefault();
    });
    doc.addEventListener(
      'click',
      (event) => {
        const target =
          event.target instanceof (frame!.contentWindow as unknown as typeof globalThis).Element ? (event.target as Element) : null;
        // The preview stays on the page being edited: links and buttons do nothing here.
        if (target?.closest('a, button, [type="submit"]')) event.preventDefault();
        const name = sectionOfElement(target);
        if (name) latest.current.onSelect(name);
      },
      true,
    );
  }, [applyStyle, src]);

  // The frame is made in the browser only: a server-rendered one could finish loading before
  // React listens for its load event.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const fullWidth = device.id === 'desktop';
  const width = fullWidth ? box.width : device.width;
  const scale = width > 0 && box.width > 0 ? Math.min(1, box.width / width, device.height ? box.height / device.height : 1) : 1;
  const frameHeight = device.height ?? Math.max(0, box.height / scale);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <p className="shrink-0 px-4 py-1 text-center text-xs text-gray-600" data-testid="preview-size">
        {device.label} · {fullWidth ? `full width (${Math.round(box.width)}px)` : device.size}
        {scale < 1 ? ` · shown at ${Math.round(scale * 100)}%` : ''}
      </p>
      <div ref={boxRef} className="relative min-h-0 flex-1 overflow-hidden">
        <div
          className="absolute top-0 left-1/2 origin-top bg-white shadow-lg"
          style={{
            width,
            height: frameHeight,
            transform: `translateX(-50%) scale(${scale})`,
          }}
        >
          {mounted ? (
            <iframe
              ref={frameRef}
              key={src}
              src={src}
              title="Theme preview"
              onLoad={onLoad}
              className="block h-full w-full border-0"
              style={{ width, height: frameHeight }}
              data-device={device.id}
              data-theme-editor=""
            />
          ) : null}
        </div>
        {state === 'loading' ? (
          <p className="absolute top-4 left-1/2 -translate-x-1/2 rounded-md bg-white px-3 py-1 text-sm text-gray-700 shadow" role="status">
            Loading preview…
          </p>
        ) : null}
        {state !== 'failed' && props.problem ? (
          <p
            className="absolute inset-x-0 bottom-4 mx-auto w-fit max-w-[90%] rounded-md bg-amber-50 px-4 py-2 text-sm text-amber-900 shadow ring-1 ring-amber-200"
            role="status"
          >
            Preview not updated: {props.problem}
          </p>
        ) : null}
        {state === 'failed' ? (
          <p className="absolute inset-x-0 top-4 mx-auto w-fit rounded-md bg-red-50 px-4 py-2 text-sm text-red-800" role="alert">
            Error generating preview
          </p>
        ) : null}
      </div>
    </div>
  );
}
