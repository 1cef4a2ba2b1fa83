import { useRef, useState } from 'react';
import { data, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';

import { DraftLinksCard } from '#app/components/admin/content-editor/draft-links-card.tsx';
import { PageEditor } from '#app/components/admin/content-editor/page-editor.tsx';
import { PostEditor } from '#app/components/admin/content-editor/post-editor.tsx';
import { ScheduleCard } from '#app/components/admin/content-editor/schedule-card.tsx';
import { TranslationsCard } from '#app/components/admin/content-editor/translations-card.tsx';
import { differingFields, type FormFields, readFormFields } from '#app/components/admin/editing/form-fields.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { otherLanguages } from '#app/i18n/languages.ts';
import { CONTENT_SCREENS, contentKindForPath } from '#app/lib/content-screens.ts';
import { siteContentLanguage } from '#app/services/content/content-language.server.ts';
import { listCategories } from '#app/services/posts/categories.server.ts';
import { openEditingSession } from '#app/services/revisions/editing-session.server.ts';
import { NEW_ITEM_KEY } from '#app/services/revisions/may-edit.server.ts';
import { getSiteSettingsForRequest } from '#app/services/settings/settings.server.ts';

import type { Route } from './+types/editor';
import { itemAction, itemIntent, type SharedDraftLink } from './item-actions.server.ts';
import { EDITORIAL_ROUTES } from './kinds.server.ts';
import { saveContentAction } from './save.server.ts';

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const screens = CONTENT_SCREENS[loaded?.kind ?? 'page'];
  if (!loaded?.item) return [{ title: `${screens.editor.create} · Admin` }];
  return [{ title: `${loaded.item.title} · Admin` }];
};

function screensFor(request: Request) {
  return contentKindForPath(new URL(request.url).pathname);
}

/** An existing item this user may edit, or the 404 / 403 page; null for a new one. */
function opened<T extends { canEdit: boolean }>(kind: string, id: string | undefined, found: T | null | undefined): T | null {
  if (id && !found) throw data({ message: `This ${kind} does not exist.` }, { status: 404 });
  if (found && !found.canEdit) throw data({ message: `You may not edit this ${kind}.` }, { status: 403 });
  return found ?? null;
}

/**
 * A new item's autosave key comes in the address (`?draft=new-…`), so a reload or the list's Drafts reopen the same
 * autosave; a new editor without one gets one.
 */
function draftKey(request: Request): string {
  const url = new URL(request.url);
  const key = url.searchParams.get('draft');
  if (key && NEW_ITEM_KEY.test(key)) return key;
  throw redirect(`${url.pathname}?draft=new-${crypto.randomUUID()}`);
}

/** The editor of a new page or post (no id) or of an existing one, with its autosave and who else edits it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const screens = screensFor(request);
  const user = await requireScreen(request, screens.screen);
  // The SEO preview writes the public title as the site does ("Title · Site name").
  const { siteName } = await getSiteSettingsForRequest();
  const defaultLanguage = await siteContentLanguage();
  const itemKey = params.id ?? draftKey(request);
  const session = async (item: { version: number; updated_at: string } | null | undefined) => ({
    kind: screens.kind,
    itemKey,
    baseVersion: item ? item.version : null,
    ...(await openEditingSession(user, screens.kind, itemKey, item ? item.updated_at : null)),
  });
  if (screens.kind === 'page') {
    const page = opened('page', params.id, params.id ? await EDITORIAL_ROUTES.page.open(user, params.id) : null);
    return {
      kind: 'page' as const,
      item: page?.item ?? null,
      scheduledFor: page?.scheduledFor ?? null,
      draftLinks: page ? await EDITORIAL_ROUTES.page.draftLinks(page.item.id) : [],
      translations: page ? ((await EDITORIAL_ROUTES.page.translations(page.item.id)) ?? []) : [],
      statuses: EDITORIAL_ROUTES.page.statusesFor(user),
      siteName,
      session: await session(page?.item),
    };
  }
  const post = opened('post', params.id, params.id ? await EDITORIAL_ROUTES.post.open(user, params.id) : null);
  return {
    kind: 'post' as const,
    item: post?.item ?? null,
    session: await session(post?.item),
    scheduledFor: post?.scheduledFor ?? null,
    draftLinks: post ? await EDITORIAL_ROUTES.post.draftLinks(post.item.id) : [],
    translations: post ? ((await EDITORIAL_ROUTES.post.translations(post.item.id)) ?? []) : [],
    authorName: user.name,
    siteName,
    statuses: EDITORIAL_ROUTES.post.statusesFor(user),
    categories: await listCategories(),
    categoryLanguages: otherLanguages(defaultLanguage),
    canAddCategory: EDITORIAL_ROUTES.post.canAddCategory(user),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const screens = screensFor(request);
  const user = await requireScreen(request, screens.screen);
  if (params.id && (await itemIntent(request))) return itemAction(user, request, screens.kind, params.id);
  return saveContentAction(user, request, screens.kind, params.id ?? null);
}

// A preview request changes nothing, so the item need not be loaded again.
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'preview' ? false : defaultShouldRevalidate;
}

export default function ContentEditor({ loaderData, actionData }: Route.ComponentProps) {
  const saved = actionData && 'result' in actionData ? actionData : undefined;
  const lastResult = saved?.result;
  const conflict = saved?.conflict ?? false;
  // A revision or autosave loaded into the editor (an unsaved change), counted so each load starts a fresh form.
  const [restored, setRestored] = useState<{ fields: FormFields; label: string; count: number } | null>(null);
  const onLoad = (fields: FormFields, label: string) => setRestored({ fields, label, count: (restored?.count ?? 0) + 1 });
  // A new version (after Ctrl/Cmd+S, or "Reload the latest version") starts a fresh form.
  const opened = loaderData.item ? `${loaderData.item.id}-${loaderData.item.version}` : loaderData.session.itemKey;
  const key = `${opened}-${restored?.count ?? 0}`;
  // Ctrl/Cmd+S stays here and opens the saved version afresh. What was typed while the save was on its way is in the
  // form about to be replaced and in no version: it is carried into the new form as an unsaved change, not dropped.
  const sentToStay = useRef<{ formId: string; sent: FormFields } | null>(null);
  const [shownVersion, setShownVersion] = useState(opened);
  if (shownVersion !== opened) {
    setShownVersion(opened);
    const typed = sentToStay.current ? typedWhileSaving(sentToStay.current) : null;
    sentToStay.current = null;
    // A loaded revision was what this save kept: the new version shows it as saved.
    setRestored(typed ? { fields: typed, label: 'what you typed while it was saving', count: (restored?.count ?? 0) + 1 } : null);
  }
  const onSaveAndStay = (formId: string, sent: FormFields) => (sentToStay.current = { formId, sent });
  const editing = { session: loaderData.session, restored, onLoad, onSaveAndStay, lastResult, conflict };
  // What the editor offers besides the form (a scheduled item's Unschedule), below it.
  const shared = actionData && 'draftLink' in actionData ? (actionData as SharedDraftLink).draftLink : null;
  const panels = loaderData.item ? (
    <>
      {loaderData.scheduledFor ? (
        <ScheduleCard noun={loaderData.kind} publishDate={loaderData.scheduledFor} version={loaderData.item.version} />
      ) : null}
      <TranslationsCard
        noun={loaderData.kind}
        currentId={loaderData.item.id}
        listPath={CONTENT_SCREENS[loaderData.kind].listPath}
        translations={loaderData.translations}
      />
      <DraftLinksCard noun={loaderData.kind} links={loaderData.draftLinks} shared={shared} />
    </>
  ) : null;
  if (loaderData.kind === 'page') {
    return (
      <div className="space-y-6">
        <PageEditor key={key} page={loaderData.item} statuses={loaderData.statuses} siteName={loaderData.siteName} {...editing} />
        {panels}
      </div>
    );
  }
  const {
    item,
    kind: _kind,
    session: _session,
    scheduledFor: _scheduledFor,
    draftLinks: _draftLinks,
    translations: _translations,
    ...rest
  } = loaderData;
  return (
    <div className="space-y-6">
      <PostEditor key={key} post={item} {...rest} {...editing} />
      {panels}
    </div>
  );
}

/** The form's fields as they are now, when they differ from what Ctrl/Cmd+S sent (the form is still on the page). */
function typedWhileSaving({ formId, sent }: { formId: string; sent: FormFields }): FormFields | null {
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return null;
  const now = readFormFields(form);
  return differingFields(sent, now).length ? now : null;
}
