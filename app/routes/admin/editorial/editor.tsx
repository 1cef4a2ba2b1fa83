import { data, type ShouldRevalidateFunctionArgs } from 'react-router';

import { DraftLinksCard } from '#app/components/admin/content-editor/draft-links-card.tsx';
import { PageEditor } from '#app/components/admin/content-editor/page-editor.tsx';
import { PostEditor } from '#app/components/admin/content-editor/post-editor.tsx';
import { ScheduleCard } from '#app/components/admin/content-editor/schedule-card.tsx';
import { requireScreen } from '#app/http/guard.server.ts';
import { CONTENT_SCREENS, contentKindForPath } from '#app/lib/content-screens.ts';
import { listCategories } from '#app/services/posts/categories.server.ts';

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

/** The editor of a new page or post (no id) or of an existing one. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const screens = screensFor(request);
  const user = await requireScreen(request, screens.screen);
  if (screens.kind === 'page') {
    const page = opened('page', params.id, params.id ? await EDITORIAL_ROUTES.page.open(user, params.id) : null);
    return {
      kind: 'page' as const,
      item: page?.item ?? null,
      scheduledFor: page?.scheduledFor ?? null,
      draftLinks: page ? await EDITORIAL_ROUTES.page.draftLinks(page.item.id) : [],
      statuses: EDITORIAL_ROUTES.page.statusesFor(user),
    };
  }
  const post = opened('post', params.id, params.id ? await EDITORIAL_ROUTES.post.open(user, params.id) : null);
  return {
    kind: 'post' as const,
    item: post?.item ?? null,
    scheduledFor: post?.scheduledFor ?? null,
    draftLinks: post ? await EDITORIAL_ROUTES.post.draftLinks(post.item.id) : [],
    authorName: user.name,
    statuses: EDITORIAL_ROUTES.post.statusesFor(user),
    categories: await listCategories(),
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
  // A new version (after "Reload the latest version") starts a fresh form.
  const key = loaderData.item ? `${loaderData.item.id}-${loaderData.item.version}` : 'new';
  // What the editor offers besides the form (a scheduled item's Unschedule), below it.
  const shared = actionData && 'draftLink' in actionData ? (actionData as SharedDraftLink).draftLink : null;
  const panels = loaderData.item ? (
    <>
      {loaderData.scheduledFor ? (
        <ScheduleCard noun={loaderData.kind} publishDate={loaderData.scheduledFor} version={loaderData.item.version} />
      ) : null}
      <DraftLinksCard noun={loaderData.kind} links={loaderData.draftLinks} shared={shared} />
    </>
  ) : null;
  if (loaderData.kind === 'page') {
    return (
      <div className="space-y-6">
        <PageEditor key={key} page={loaderData.item} statuses={loaderData.statuses} lastResult={lastResult} conflict={conflict} />
        {panels}
      </div>
    );
  }
  const { item, kind: _kind, scheduledFor: _scheduledFor, draftLinks: _draftLinks, ...rest } = loaderData;
  return (
    <div className="space-y-6">
      <PostEditor key={key} post={item} {...rest} lastResult={lastResult} conflict={conflict} />
      {panels}
    </div>
  );
}
