import { Plus } from 'lucide-react';
import { data } from 'react-router';

import { AdminPage, PageLink } from '#app/components/admin/admin-page.tsx';
import { ThemeCard, type ThemeCardData } from '#app/components/admin/themes/theme-card.tsx';
import { type PreviewPage, ThemePreviewPanel } from '#app/components/admin/themes/theme-preview-panel.tsx';
import { UploadThemeButton } from '#app/components/admin/themes/upload-theme-button.tsx';
import { useRowFailureToast } from '#app/components/ui/row-failure-toast.ts';
import { failureMessage, failureStatus, replyRowFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { themeRowActionSchema } from '#app/lib/theme/schema.ts';
import { listPublishedPages } from '#app/services/pages/public-pages.server.ts';
import { listPublishedPosts } from '#app/services/posts/public-posts.server.ts';
import { UPLOAD_FAILED, UPLOADED, uploadTheme } from '#app/services/themes/theme-upload.server.ts';
import { activateTheme, DEFAULT_THEME_ID, deleteTheme, getTheme, listThemes } from '#app/services/themes/themes.server.ts';

import type { Route } from './+types/list';

export const meta: Route.MetaFunction = () => [{ title: 'Themes · Admin · Atelier' }];

const LIST_PATH = '/admin/themes';

/** The public pages the preview offers: the landing page, the blog, an article and a static page. */
async function previewPages(): Promise<PreviewPage[]> {
  const [posts, pages] = await Promise.all([listPublishedPosts({ page: 1, pageSize: 1 }), listPublishedPages()]);
  const article = posts.items[0];
  const page = pages[0];
  return [
    { label: 'Landing page', path: '/' },
    { label: 'Blog', path: '/blog' },
    ...(article ? [{ label: `Article: ${article.title}`, path: `/blog/${article.slug}` }] : []),
    ...(page ? [{ label: `Page: /${page.slug}`, path: `/${page.slug}` }] : []),
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'themes');
  const previewId = new URL(request.url).searchParams.get('preview');
  const [themes, previewed] = await Promise.all([listThemes(), previewId ? getTheme(previewId.slice(0, 100)) : null]);
  const cards: ThemeCardData[] = themes.map((theme) => ({
    id: theme.id,
    name: theme.name,
    description: theme.description,
    isActive: theme.isActive,
    canDelete: theme.id !== DEFAULT_THEME_ID,
    thumbnail: theme.settings,
  }));
  const preview = previewed ? { theme: { id: previewed.id, name: previewed.name }, pages: await previewPages() } : null;
  return { themes: cards, preview };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'themes');
  const form = await readForm(request);
  const parsed = themeRowActionSchema.safeParse({ intent: form.get('intent'), id: form.get('id') ?? undefined });
  if (!parsed.success) throw data({ message: 'Unknown action.' }, { status: 400 });
  const input = parsed.data;
  if (input.intent === 'activate') {
    const result = await activateTheme(user, input.id);
    if (!result.ok) return replyRowFailure(result, { intent: input.intent });
    return redirectWithToast(LIST_PATH, { type: 'success', message: `${result.name} theme activated` });
  }
  if (input.intent === 'delete') {
    const result = await deleteTheme(user, input.id);
    if (!result.ok) return replyRowFailure(result, { intent: input.intent });
    return redirectWithToast(LIST_PATH, { type: 'success', message: `${result.name} theme deleted` });
  }
  const file = form.get('file');
  if (!(file instanceof File) || !file.name) return replyRowFailure(UPLOAD_FAILED, { intent: 'upload' });
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return replyRowFailure(UPLOAD_FAILED, { intent: 'upload' });
  }
  const result = await uploadTheme(user, { name: file.name, bytes });
  if (!result.ok) {
    const message = result.reason === 'invalid' ? (result.fieldErrors.file?.[0] ?? failureMessage(result)) : failureMessage(result);
    return replyRowFailure(message, { intent: 'upload', status: failureStatus(result) });
  }
  return redirectWithToast(LIST_PATH, { type: 'success', message: UPLOADED });
}

/** Themes (/admin/themes): the theme cards, Upload Theme, New Theme, and the preview of a theme without activating it. */
export default function ThemesScreen({ loaderData: { themes, preview }, actionData }: Route.ComponentProps) {
  // A refusal (a file Upload refused, naming the field at fault; a forced delete) is an error toast.
  useRowFailureToast(actionData);
  return (
    <AdminPage
      title="Themes"
      subtitle="Choose how your public site looks: upload, create, preview, edit and activate themes."
      actions={
        <>
          {/* The menus are part of the site's look; the menu screen has no sidebar entry of its own. */}
          <PageLink to="/admin/menu">Navigation Menu</PageLink>
          <UploadThemeButton />
          <PageLink to="/admin/themes/new" icon={Plus} primary>
            New Theme
          </PageLink>
        </>
      }
    >
      {preview ? <ThemePreviewPanel key={preview.theme.id} theme={preview.theme} pages={preview.pages} /> : null}
      <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-label="Themes">
        {themes.map((theme) => (
          <ThemeCard key={theme.id} theme={theme} />
        ))}
      </ul>
    </AdminPage>
  );
}
