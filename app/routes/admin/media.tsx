import { parseWithZod } from '@conform-to/zod/v4';

import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { MediaLibrary } from '#app/components/admin/media/media-library.tsx';
import { replyInvalid, replyRefused, replyRowFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { canManageMediaItem } from '#app/lib/permissions.ts';
import { mediaDeleteSchema, mediaEditSchema, parseMediaQuery } from '#app/schemas/media.ts';
import { postedTranslations } from '#app/schemas/per-language.ts';
import { siteContentLanguage } from '#app/services/content/content-language.server.ts';
import { deleteMediaAs, listMedia, updateMedia } from '#app/services/media/media-library.server.ts';

import type { Route } from './+types/media';

export const meta: Route.MetaFunction = () => [{ title: 'Media Library · Admin · Atelier' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'media');
  const url = new URL(request.url);
  const query = parseMediaQuery(url);
  const [result, defaultLanguage] = await Promise.all([
    listMedia({ search: query.q, type: query.type, page: query.page }, { withUsedIn: true }),
    siteContentLanguage(),
  ]);
  // The screen offers edit and delete only on these; the action checks again.
  const manageable = result.items.filter((item) => canManageMediaItem(user, item)).map((item) => item.id);
  return {
    ...result,
    manageable,
    defaultLanguage,
    q: query.q,
    type: query.type ?? '',
    view: url.searchParams.get('view') === 'list' ? ('list' as const) : ('grid' as const),
  };
}

/** Back to the list the user was looking at (search, filter, page and view kept). */
function libraryUrl(form: FormData): string {
  const back = new URLSearchParams(typeof form.get('back') === 'string' ? String(form.get('back')) : '');
  const kept = new URLSearchParams();
  for (const name of ['q', 'type', 'page', 'view']) {
    const value = back.get(name);
    if (value) kept.set(name, value.slice(0, 200));
  }
  const search = kept.toString();
  return `/admin/media${search ? `?${search}` : ''}`;
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'media');
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'update') {
    const submission = parseWithZod(form, { schema: mediaEditSchema });
    if (submission.status !== 'success') return replyInvalid(submission);
    const edit = { ...submission.value, translations: postedTranslations(form, submission.value.translations) };
    const result = await updateMedia(user, submission.value.id, edit);
    if (!result.ok) return replyRefused(submission, result);
    return redirectWithToast(libraryUrl(form), { type: 'success', message: 'Item updated successfully' });
  }
  if (intent === 'delete') {
    const parsed = mediaDeleteSchema.safeParse({ ids: form.getAll('ids') });
    if (!parsed.success) return replyRowFailure(parsed.error.issues[0]!.message, { intent });
    const result = await deleteMediaAs(user, parsed.data.ids);
    if (!result.ok) return replyRowFailure(result, { intent });
    return redirectWithToast(libraryUrl(form), { type: 'success', message: 'Items deleted successfully' });
  }
  return replyRowFailure('Unknown action.');
}

export default function MediaLibraryScreen({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Media Library" subtitle="Upload, organise and reuse the images, videos and documents of your site.">
      <MediaLibrary {...loaderData} />
    </AdminPage>
  );
}
