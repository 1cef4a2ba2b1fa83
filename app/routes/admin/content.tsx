import { parseWithZod } from '@conform-to/zod/v4';
import { useState } from 'react';
import { data } from 'react-router';

import { LANDING_TABS, LandingEditor, type LandingTab } from '#app/components/admin/landing-editor.tsx';
import { FOUNDED_YEAR } from '#app/components/site/about-section.tsx';
import { failureMessage, replyInvalid, replyWithFailure, throwFailure } from '#app/http/failure.server.ts';
import { formText, readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '#app/i18n/languages.ts';
import { getMessages } from '#app/i18n/messages.server.ts';
import { createTranslate } from '#app/i18n/translate.ts';
import { adminScreen } from '#app/lib/admin-screens.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { type LandingContent, landingContentSchema } from '#app/schemas/landing.ts';
import { forbidden } from '#app/services/failures.ts';
import {
  discardLandingDraft,
  getLandingForEdit,
  mayPublishLanding,
  publishLandingDraft,
  saveLanding,
} from '#app/services/landing/landing-admin.server.ts';

import type { Route } from './+types/content';

export const meta: Route.MetaFunction = () => [{ title: 'Content Management · Admin' }];

function tabFrom(value: string | null): LandingTab {
  return LANDING_TABS.find((tab) => tab.key === value)?.key ?? 'hero';
}

/** What visitors read in `lang` where an optional field is left empty: the editor shows it as the field's placeholder. */
function landingDefaults(lang: Language) {
  const t = createTranslate(getMessages(lang));
  return {
    badge: t('hero.whatsNew'),
    badgeText: t('hero.justShipped'),
    learnMore: t('hero.learnMore'),
    highlight: t('hero.highlight'),
    founded: t('about.founded', { year: FOUNDED_YEAR }),
    valuesTitle: t('about.valuesTitle'),
    contactTitle: t('contact.title'),
    contactFormTitle: t('contact.formTitle'),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'content');
  const url = new URL(request.url);
  const requested = url.searchParams.get('lang');
  const lang = isLanguage(requested) ? requested : FALLBACK_LANGUAGE;
  const state = await getLandingForEdit(lang);
  return {
    lang,
    tab: tabFrom(url.searchParams.get('tab')),
    ...state,
    defaults: landingDefaults(lang),
    mayPublish: mayPublishLanding(user),
    mayEditMenus: hasPermission(user, adminScreen('menu').permission),
  };
}

const TOASTS = {
  save: 'Content updated successfully!',
  draft: 'Draft saved: visitors see it once someone who may publish publishes it.',
  publish: 'Draft published: visitors now see it.',
  discard: 'Draft discarded: visitors keep seeing the published content.',
} as const;

/**
 * Save Changes saves and publishes (it needs `publish_pages`), Save draft keeps the copy as a draft, Publish draft
 * and Discard draft act on the stored draft; every one is checked against the version the screen was opened on.
 * A refused save returns the typed values with a message beside each field at fault.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'content');
  const form = await readForm(request);
  const lang = formText(form, 'lang');
  if (!isLanguage(lang)) throw data({ message: 'Choose English or French content to save.' }, { status: 400 });
  const intent = formText(form, 'intent') || (mayPublishLanding(user) ? 'save' : 'draft');
  if (!(intent in TOASTS)) throw data({ message: 'Unknown action.' }, { status: 400 });
  const version = Number(formText(form, 'version'));
  if (!Number.isInteger(version) || version < 0)
    throw data({ message: 'The form is missing its version: reload the page.' }, { status: 400 });
  const tab = tabFrom(formText(form, 'tab'));
  const back = `/admin/content?lang=${lang}${tab === 'hero' ? '' : `&tab=${tab}`}`;

  if (intent === 'publish' || intent === 'discard') {
    const result = await (intent === 'publish' ? publishLandingDraft : discardLandingDraft)(user, { lang, version });
    if (!result.ok && result.reason === 'forbidden') throwFailure(result);
    if (!result.ok) return redirectWithToast(back, { type: 'error', message: failureMessage(result) });
    return redirectWithToast(back, { type: 'success', message: TOASTS[intent] });
  }
  const publish = intent === 'save';
  // Refused before the copy is read: the permission does not depend on what was typed.
  if (publish && !mayPublishLanding(user)) throwFailure(forbidden('Publishing needs the Publish Pages permission.'));
  // The form is read as posted (an emptied title is '', so the schema says 'Title is required').
  const submission = parseWithZod(form, { schema: landingContentSchema, disableAutoCoercion: true });
  if (submission.status !== 'success') return replyInvalid(submission);
  const result = await saveLanding(user, { lang, content: submission.value, version, publish });
  if (!result.ok) return replyWithFailure(submission, result);
  return redirectWithToast(back, { type: 'success', message: TOASTS[publish ? 'save' : 'draft'] });
}

export default function ContentScreen({ loaderData, actionData }: Route.ComponentProps) {
  // A revision loaded into the form (an unsaved change): each load starts a fresh form, as in the page and post editors.
  const [restored, setRestored] = useState<{ content: LandingContent; label: string; count: number; lang: string; version: number } | null>(
    null,
  );
  const shown = restored?.lang === loaderData.lang && restored.version === loaderData.version ? restored : null;
  return (
    // One form per language: switching language starts the form afresh from that language's copy.
    <LandingEditor
      key={`${loaderData.lang}-${loaderData.version}-${shown?.count ?? 0}`}
      lang={loaderData.lang}
      tab={loaderData.tab}
      content={shown?.content ?? loaderData.content}
      saved={loaderData.content}
      restoredFrom={shown?.label ?? null}
      onRestore={(content, label) =>
        setRestored({ content, label, count: (restored?.count ?? 0) + 1, lang: loaderData.lang, version: loaderData.version })
      }
      ownCopy={loaderData.ownCopy}
      version={loaderData.version}
      draft={loaderData.draft}
      mayPublish={loaderData.mayPublish}
      mayEditMenus={loaderData.mayEditMenus}
      defaults={loaderData.defaults}
      lastResult={actionData?.result}
      conflict={!!actionData && 'conflict' in actionData && !!actionData.conflict}
    />
  );
}
