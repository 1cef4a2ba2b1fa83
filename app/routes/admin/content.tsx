import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';

import { LANDING_TABS, LandingEditor, type LandingTab } from '#app/components/admin/landing-editor.tsx';
import { replyInvalid, replyWithFailure } from '#app/http/failure.server.ts';
import { formText, readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { FALLBACK_LANGUAGE, isLanguage } from '#app/i18n/languages.ts';
import { landingContentSchema } from '#app/schemas/landing.ts';
import { getLandingForEdit, saveLandingContent } from '#app/services/landing/landing-admin.server.ts';

import type { Route } from './+types/content';

export const meta: Route.MetaFunction = () => [{ title: 'Content Management · Admin' }];

function tabFrom(value: string | null): LandingTab {
  return LANDING_TABS.find((tab) => tab.key === value)?.key ?? 'hero';
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'content');
  const url = new URL(request.url);
  const requested = url.searchParams.get('lang');
  const lang = isLanguage(requested) ? requested : FALLBACK_LANGUAGE;
  const { content, ownCopy } = await getLandingForEdit(lang);
  return { lang, tab: tabFrom(url.searchParams.get('tab')), content, ownCopy };
}

/** Saves one language's copy; a refusal returns the typed values with a message beside each field at fault. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'content');
  const form = await readForm(request);
  const lang = formText(form, 'lang');
  if (!isLanguage(lang)) throw data({ message: 'Choose English or French content to save.' }, { status: 400 });
  // The form is read as posted (an emptied title is '', so the schema says 'Title is required').
  const submission = parseWithZod(form, { schema: landingContentSchema, disableAutoCoercion: true });
  if (submission.status !== 'success') return replyInvalid(submission);
  const result = await saveLandingContent(lang, submission.value, { id: user.id, name: user.name });
  if (!result.ok) return replyWithFailure(submission, result);
  const tab = tabFrom(formText(form, 'tab'));
  return redirectWithToast(`/admin/content?lang=${lang}${tab === 'hero' ? '' : `&tab=${tab}`}`, {
    type: 'success',
    message: 'Content updated successfully!',
  });
}

export default function ContentScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    // One form per language: switching language starts the form afresh from that language's copy.
    <LandingEditor
      key={loaderData.lang}
      lang={loaderData.lang}
      tab={loaderData.tab}
      content={loaderData.content}
      ownCopy={loaderData.ownCopy}
      lastResult={actionData?.result}
    />
  );
}
