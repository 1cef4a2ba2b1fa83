import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useFetcher } from 'react-router';

import { UnsavedChangesDialog } from '#app/components/admin/unsaved-changes-dialog.tsx';
import { useLeaveGuard } from '#app/components/admin/use-leave-guard.ts';
import { TabList } from '#app/components/ui/tab-list.tsx';
import { themeVariablesCss } from '#app/lib/theme/css.ts';
import { emptySection, type SectionName, type ThemeSection } from '#app/lib/theme/model.ts';
import { type PresetName, THEME_PRESETS } from '#app/lib/theme/presets.ts';
import { sectionCssProblem } from '#app/lib/theme/section-css.ts';
import { DEFAULT_SECTION_CSS } from '#app/lib/theme/section-defaults.ts';
import { themeSectionsCss } from '#app/lib/theme/stylesheet.ts';
import type { ThemeEditorReply } from '#app/routes/admin/theme-editor/save.server.ts';
import type { ThemeRevision } from '#app/services/themes/theme-history.server.ts';

import { CodePanel } from './code-panel.tsx';
import { PREVIEW_DEVICES, type PreviewDeviceId } from './devices.ts';
import { EditorTopBar, type PanelVisibility } from './editor-top-bar.tsx';
import { ErrorPanel } from './error-panel.tsx';
import { OptionsMenu } from './options-menu.tsx';
import { PreviewFrame } from './preview-frame.tsx';
import { RevisionsList } from './revisions-list.tsx';
import { type SectionSettingChange, SectionSettingsPanel } from './section-settings-panel.tsx';
import { SectionsList } from './sections-list.tsx';
import { draftOf, type EditedTheme, type ThemeDraft } from './theme-draft.ts';
import { type SettingChange, ThemeSettingsPanel } from './theme-settings-panel.tsx';
import { useDraftPreview } from './use-draft-preview.ts';
import { useEditHistory } from './use-edit-history.ts';
import { VisualPanel } from './visual-panel.tsx';

const EDITOR_TABS = ['visual', 'code', 'settings'] as const;
type Tab = (typeof EDITOR_TABS)[number];
const LOAD_FAILED = 'Failed to load theme data. Please check the console for details.';
const SAVE_FAILED = 'Failed to save theme. Please check the console for details.';

/** The full-screen theme editor: sections, tabs and options on the left, the live preview on the right. */
export function ThemeEditor({ theme, revisions, now }: { theme: EditedTheme; revisions: ThemeRevision[]; now: number }) {
  const history = useEditHistory<ThemeDraft>(draftOf(theme));
  const draft = history.value;
  const [version, setVersion] = useState(theme.version);
  const [saved, setSaved] = useState(() => JSON.stringify(draftOf(theme)));
  const [device, setDevice] = useState<PreviewDeviceId>('desktop');
  const [tab, setTab] = useState<Tab>('visual');
  const [active, setActive] = useState<SectionName | null>('hero');
  const [panels, setPanels] = useState<PanelVisibility>({
    code: true,
    blocks: true,
    settings: true,
  });
  const [errors, setErrors] = useState<string[]>(theme.dataError ? [LOAD_FAILED] : []);
  const fetcher = useFetcher<ThemeEditorReply>();
  const pendingDraft = useRef<string | null>(null);

  const changed = useMemo(() => JSON.stringify(draft) !== saved, [draft, saved]);
  const blocker = useLeaveGuard(changed);

  useEffect(() => {
    if (theme.dataError)
      console.error(
        `Theme "${theme.id}": its stored settings or sections are not valid JSON for a theme; defaults are shown in their place.`,
      );
  }, [theme.dataError, theme.id]);

  const addError = useCallback((message: string) => setErrors((list) => (list.includes(message) ? list : [...list, message])), []);

  // A save or restore answered: take its version, or show why it was refused.
  useEffect(() => {
    const reply = fetcher.data;
    if (fetcher.state !== 'idle' || !reply) return;
    if (reply.ok) {
      setVersion(reply.version);
      if (reply.intent === 'restore') {
        const restored = reply.theme as ThemeDraft;
        history.change(() => restored);
        setSaved(JSON.stringify(restored));
        toast.success(`Version restored`);
      } else {
        if (pendingDraft.current) setSaved(pendingDraft.current);
        toast.success('Theme saved successfully');
      }
      setErrors([]);
    } else {
      if (!reply.conflict) console.error('The theme was not saved:', reply.message);
      addError(reply.message || SAVE_FAILED);
    }
    pendingDraft.current = null;
    // Only a new answer counts, not a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  const save = useCallback(() => {
    pendingDraft.current = JSON.stringify(draft);
    void fetcher.submit({ intent: 'save', theme: JSON.stringify({ ...draft, version }) }, { method: 'post' }).catch((error: unknown) => {
      console.error(error);
      addError(SAVE_FAILED);
    });
  }, [draft, version, fetcher, addError]);

  // Undo and redo from the keyboard everywhere on the screen, so every change is in one history.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z') {
        event.preventDefault();
        if (event.shiftKey) history.redo();
        else history.undo();
      } else if (key === 'y' && !event.shiftKey) {
        event.preventDefault();
        history.redo();
      } else if (key === 's') {
        event.preventDefault();
        save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [history, save]);

  const preview = useDraftPreview(theme.id, draft);
  const liveCss = useMemo(() => themeVariablesCss(draft.settings) + themeSectionsCss(draft.sections), [draft.settings, draft.sections]);
  const previewDevice = PREVIEW_DEVICES.find((d) => d.id === device)!;

  const selectSection = useCallback((name: SectionName) => setActive(name), []);
  const selectFromPreview = useCallback((name: SectionName) => {
    setActive(name);
    setTab('settings');
    setPanels((p) => (p.settings ? p : { ...p, settings: true }));
  }, []);

  const changeSetting = useCallback<SettingChange>(
    (key, value) => history.change((d) => ({ ...d, settings: { ...d.settings, [key]: value } }), `setting.${key}`),
    [history],
  );
  const applyPreset = useCallback(
    (name: PresetName) => history.change((d) => ({ ...d, settings: structuredClone(THEME_PRESETS[name]) })),
    [history],
  );
  const updateSection = useCallback(
    (update: (section: ThemeSection) => ThemeSection, key?: string) => {
      if (!active) return;
      history.change((d) => ({ ...d, sections: { ...d.sections, [active]: update(d.sections[active]) } }), key && `${active}.${key}`);
    },
    [history, active],
  );
  const changeSectionSetting = useCallback<SectionSettingChange>(
    (key, value) => updateSection((section) => ({ ...section, settings: { ...section.settings, [key]: value } }), `settings.${key}`),
    [updateSection],
  );
  const changeCode = useCallback(
    (language: 'html' | 'css', value: string) => updateSection((section) => ({ ...section, [language]: value }), language),
    [updateSection],
  );
  const resetSection = useCallback(
    () => updateSection(() => (active ? { ...emptySection(), css: DEFAULT_SECTION_CSS[active] } : emptySection())),
    [updateSection, active],
  );
  const restore = useCallback(
    (revisionId: string) => void fetcher.submit({ intent: 'restore', revisionId, version: String(version) }, { method: 'post' }),
    [fetcher, version],
  );
  const cssProblem = active ? sectionCssProblem(draft.sections[active].css) : null;

  const togglePanel = (key: keyof PanelVisibility) =>
    setPanels((p) => {
      const next = { ...p, [key]: !p[key] };
      if ((key === 'code' && !next.code && tab === 'code') || (key === 'settings' && !next.settings && tab === 'settings'))
        setTab('visual');
      return next;
    });

  const customized = useMemo(
    () => new Set((Object.keys(draft.sections) as SectionName[]).filter((name) => draft.sections[name].html || draft.sections[name].css)),
    [draft.sections],
  );

  return (
    <div className="flex min-h-screen flex-col bg-gray-100 lg:h-screen">
      <EditorTopBar
        name={draft.name}
        device={device}
        onDevice={setDevice}
        canUndo={history.canUndo}
        canRedo={history.canRedo}
        onUndo={history.undo}
        onRedo={history.redo}
        panels={panels}
        onTogglePanel={togglePanel}
        onPreview={preview.openPreview}
        onSave={save}
        saving={fetcher.state !== 'idle'}
        changed={changed}
      />
      <ErrorPanel errors={errors} onDismiss={() => setErrors([])} />
      <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
        <aside
          aria-label="Theme editor panels"
          className="flex w-full shrink-0 flex-col border-gray-200 bg-white lg:w-96 lg:overflow-y-auto lg:border-r"
        >
          {panels.blocks ? <SectionsList active={active} onSelect={selectSection} customized={customized} /> : null}
          <div className="flex shrink-0 flex-col">
            <TabList
              label="Editor mode"
              idPrefix="editor"
              items={EDITOR_TABS.filter((id) => id === 'visual' || panels[id]).map((id) => ({
                id,
                label: <span className="capitalize">{id}</span>,
              }))}
              selected={tab}
              onSelect={setTab}
              panels
              stretch="always"
              className="flex border-b border-gray-200"
            />
            {tab === 'visual' ? (
              <div id="editor-panel-visual" role="tabpanel" aria-labelledby="editor-tab-visual" className="p-4">
                <VisualPanel
                  settings={draft.settings}
                  onChange={changeSetting}
                  onPreset={applyPreset}
                  active={active}
                  onOpen={setTab}
                  canOpen={{ code: panels.code, settings: panels.settings }}
                  onReset={resetSection}
                />
              </div>
            ) : null}
            {tab === 'code' && panels.code ? (
              <div id="editor-panel-code" role="tabpanel" aria-labelledby="editor-tab-code" className="p-4">
                {active ? (
                  <CodePanel
                    name={active}
                    html={draft.sections[active].html}
                    css={draft.sections[active].css}
                    onChange={changeCode}
                    problem={cssProblem ? `The ${active} CSS ${cssProblem}.` : null}
                  />
                ) : (
                  <p className="text-sm text-gray-700">Choose a section to edit its HTML and CSS.</p>
                )}
              </div>
            ) : null}
            {tab === 'settings' && panels.settings ? (
              <div id="editor-panel-settings" role="tabpanel" aria-labelledby="editor-tab-settings" className="p-4">
                <label className="mb-4 block">
                  <span className="mb-1 block text-xs font-medium text-gray-800">Theme Name</span>
                  <input
                    type="text"
                    value={draft.name}
                    maxLength={100}
                    onChange={(event) => history.change((d) => ({ ...d, name: event.target.value }), 'name')}
                    className="block w-full rounded-md border border-gray-300 px-2 py-1.5 text-sm text-gray-900 shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none"
                  />
                </label>
                {active ? (
                  <SectionSettingsPanel
                    name={active}
                    settings={draft.sections[active].settings}
                    theme={draft.settings}
                    onChange={changeSectionSetting}
                    onReset={resetSection}
                  />
                ) : null}
                <div className="mt-6">
                  <ThemeSettingsPanel settings={draft.settings} onChange={changeSetting} onPreset={applyPreset} />
                </div>
              </div>
            ) : null}
          </div>
          <OptionsMenu settings={draft.settings} onChange={changeSetting} onPreset={applyPreset} />
          <RevisionsList revisions={revisions} now={now} currentVersion={version} busy={fetcher.state !== 'idle'} onRestore={restore} />
        </aside>
        <main aria-label="Preview" className="h-[75vh] min-h-0 flex-none lg:h-auto lg:flex-1">
          <PreviewFrame
            src={preview.src}
            problem={preview.problem}
            device={previewDevice}
            css={liveCss}
            active={active}
            onSelect={selectFromPreview}
          />
        </main>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </div>
  );
}
