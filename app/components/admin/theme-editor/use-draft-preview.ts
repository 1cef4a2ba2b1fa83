import { useCallback, useEffect, useRef, useState } from 'react';

import { SECTION_NAMES } from '#app/lib/theme/model.ts';
import { themePreviewUrl } from '#app/lib/theme/preview.ts';

import type { ThemeDraft } from './theme-draft.ts';

/** HTML is rendered by the server: wait for a pause in typing before rendering the preview again. */
const HTML_DEBOUNCE_MS = 700;
const DRAFT_URL = '/admin/themes/draft';

const htmlOf = (draft: ThemeDraft) => SECTION_NAMES.map((name) => draft.sections[name].html).join('\u0000');

/**
 * The preview frame's address and the user's draft on the server. The frame starts on the saved
 * theme; colours, settings and CSS reach it live (see PreviewFrame), so only a change of a
 * section's HTML stores the draft and loads the frame again, debounced. `openPreview` stores the
 * draft and opens /preview in a new tab with it.
 */
export function useDraftPreview(themeId: string, draft: ThemeDraft) {
  const [src, setSrc] = useState(() => themePreviewUrl('/', { themeId }));
  const [problem, setProblem] = useState<string | null>(null);
  const renderedHtml = useRef(htmlOf(draft));
  const reloads = useRef(0);
  const latest = useRef(draft);
  latest.current = draft;

  const storeDraft = useCallback(async (): Promise<boolean> => {
    const { name, settings, sections } = latest.current;
    try {
      const response = await fetch(DRAFT_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ themeId, name: name.trim() || 'Untitled theme', settings, sections }),
      });
      const body = (await response.json().catch(() => null)) as {
        ok?: boolean;
        message?: string;
        fieldErrors?: Record<string, string[]>;
      } | null;
      if (response.ok && body?.ok) {
        setProblem(null);
        return true;
      }
      const field = Object.entries(body?.fieldErrors ?? {})[0];
      setProblem(field ? `${field[0]} ${field[1][0] ?? ''}`.trim() : (body?.message ?? 'Error generating preview'));
    } catch (error) {
      console.error('The preview could not be updated', error);
      setProblem('Error generating preview');
    }
    return false;
  }, [themeId]);

  const html = htmlOf(draft);
  useEffect(() => {
    if (html === renderedHtml.current) return;
    const timer = setTimeout(() => {
      void storeDraft().then((stored) => {
        if (!stored) return;
        renderedHtml.current = html;
        reloads.current += 1;
        setSrc(`${themePreviewUrl('/', 'draft')}&r=${reloads.current}`);
      });
    }, HTML_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [html, storeDraft]);

  const openPreview = useCallback(() => {
    // Opened at once (a tab opened after a wait may be blocked), pointed at the preview once the draft is stored.
    const tab = window.open('about:blank', '_blank');
    void storeDraft().then(() => {
      const url = `/preview?theme=${encodeURIComponent(themeId)}`;
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    });
  }, [storeDraft, themeId]);

  return { src, problem, openPreview };
}
