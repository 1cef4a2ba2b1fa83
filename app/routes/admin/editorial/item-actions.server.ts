import { data } from 'react-router';

import { replyRowFailure } from '#app/http/failure.server.ts';
import { formText, readForm } from '#app/http/form.server.ts';
import { siteOrigin } from '#app/http/site-url.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { SITE_LANGUAGES } from '#app/i18n/languages.ts';
import { CONTENT_SCREENS } from '#app/lib/content-screens.ts';
import type { SessionUser } from '#app/services/auth/session-user.ts';
import {
  confirmPageTranslation,
  revokePageDraftLink,
  sharePageDraftLink,
  translatePage,
  unschedulePage,
} from '#app/services/pages/pages.server.ts';
import {
  confirmPostTranslation,
  revokePostDraftLink,
  sharePostDraftLink,
  translatePost,
  unschedulePost,
} from '#app/services/posts/posts.server.ts';

/** The editor's actions besides saving the form, by `intent`; none of them touches the form's unsaved fields. */
const ITEM_INTENTS = ['unschedule', 'share-draft-link', 'revoke-draft-link', 'translate', 'confirm-translation'] as const;

/** What "Share draft link" answers: the address, shown once (only its hash is stored). */
export interface SharedDraftLink {
  draftLink: { url: string; expiresAt: string };
}

const SERVICES = {
  page: {
    unschedule: unschedulePage,
    share: sharePageDraftLink,
    revoke: revokePageDraftLink,
    translate: translatePage,
    confirm: confirmPageTranslation,
  },
  post: {
    unschedule: unschedulePost,
    share: sharePostDraftLink,
    revoke: revokePostDraftLink,
    translate: translatePost,
    confirm: confirmPostTranslation,
  },
};

/** Whether this request is one of the item actions (read from a copy: the save reads the body itself). */
export async function itemIntent(request: Request): Promise<string | null> {
  const intent = (await readForm(request.clone())).get('intent');
  return typeof intent === 'string' && (ITEM_INTENTS as readonly string[]).includes(intent) ? intent : null;
}

export async function itemAction(user: SessionUser, request: Request, kind: 'page' | 'post', id: string) {
  const form = await readForm(request);
  const services = SERVICES[kind];
  const editorPath = `${CONTENT_SCREENS[kind].listPath}/${id}`;
  const intent = form.get('intent');
  if (intent === 'share-draft-link') {
    const shared = await services.share(user, id);
    if (!shared.ok) return replyRowFailure(shared, { intent });
    return data<SharedDraftLink>({ draftLink: { url: `${siteOrigin()}/draft/${shared.token}`, expiresAt: shared.expiresAt } });
  }
  if (intent === 'revoke-draft-link') {
    const revoked = await services.revoke(user, id, formText(form, 'linkId'));
    if (!revoked.ok) return replyRowFailure(revoked, { intent });
    return redirectWithToast(editorPath, { type: 'success', message: 'Draft link revoked: it no longer opens the draft.' });
  }
  if (intent === 'translate') {
    const language = formText(form, 'language');
    const made = await services.translate(user, id, language);
    if (!made.ok) return replyRowFailure(made, { intent });
    const label = SITE_LANGUAGES.find((entry) => entry.code === language)?.label ?? language;
    return redirectWithToast(`${CONTENT_SCREENS[kind].listPath}/${made.id}`, {
      type: 'success',
      message: `${label} translation started: a draft copy of the source to translate.`,
    });
  }
  if (intent === 'confirm-translation') {
    const confirmed = await services.confirm(user, id);
    if (!confirmed.ok) return replyRowFailure(confirmed, { intent });
    return redirectWithToast(editorPath, { type: 'success', message: 'Translation marked as up to date with its source.' });
  }
  const result = await services.unschedule(user, id, Number(form.get('version')));
  if (!result.ok) return replyRowFailure(result, { intent: 'unschedule' });
  return redirectWithToast(editorPath, { type: 'success', message: `Unscheduled: the ${kind} is a draft again.` });
}
