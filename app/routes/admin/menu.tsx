import type { Submission, SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';

import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { type MenuReply, MenuScreen } from '#app/components/admin/menus/menu-screen.tsx';
import { failureMessage, failureStatus, throwFailure } from '#app/http/failure.server.ts';
import { formText, readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { toastCookieHeader } from '#app/http/toast.server.ts';
import { languageLabel, otherLanguages } from '#app/i18n/languages.ts';
import { MENU_LOCATIONS, type MenuItemInput, menuItemSchema, type MenuLocation, menuOrderSchema } from '#app/schemas/menu.ts';
import { siteContentLanguage } from '#app/services/content/content-language.server.ts';
import type { Result } from '#app/services/failures.ts';
import { createMenuItem, deleteMenuItem, listMenuItems, reorderMenu, updateMenuItem } from '#app/services/menus/menus.server.ts';

import type { Route } from './+types/menu';

export const meta: Route.MetaFunction = () => [{ title: 'Navigation Menu · Admin · Atelier' }];

const locationOf = (value: string | null): MenuLocation =>
  (MENU_LOCATIONS as readonly string[]).includes(value ?? '') ? (value as MenuLocation) : 'header';

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'menu');
  const location = locationOf(new URL(request.url).searchParams.get('location'));
  const defaultLanguage = await siteContentLanguage();
  // A title per language of the site: Title in the default one, and one field for each other (decision 030).
  const languages = { default: languageLabel(defaultLanguage), others: otherLanguages(defaultLanguage) };
  return { location, items: await listMenuItems(location), languages };
}

const TOASTS = {
  create: 'Menu item added',
  update: 'Menu item updated',
  delete: 'Menu item deleted',
  reorder: 'Menu order saved',
} as const;
type Intent = keyof typeof TOASTS;

/** A field holding JSON; malformed JSON reads as null, which the schema refuses with its message. */
function jsonField(form: FormData, name: string): unknown {
  try {
    return JSON.parse(formText(form, name));
  } catch {
    return null;
  }
}

/** A refusal as the screen reads it: form-level messages, and for the item dialog Conform's reply to its form. */
function refused(intent: string, formErrors: string[], status: number, result?: SubmissionResult<string[]>) {
  return data({ ok: false as const, intent, formErrors, ...(result ? { result } : {}) } satisfies MenuReply, { status });
}

/** The menu screen's writes, told apart by `intent`; refused input changes nothing and comes back with its messages. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'menu');
  const form = await readForm(request);
  const intent = formText(form, 'intent');
  let result: Result;
  let submission: Submission<MenuItemInput> | null = null;
  switch (intent) {
    case 'create':
    case 'update': {
      // Read as posted: an emptied title is '', so the schema's own 'Title is required' is the message.
      submission = parseWithZod(form, { schema: menuItemSchema, disableAutoCoercion: true });
      if (submission.status !== 'success') return refused(intent, [], 400, submission.reply() as SubmissionResult<string[]>);
      result =
        intent === 'create'
          ? await createMenuItem(user, submission.value)
          : await updateMenuItem(user, formText(form, 'id'), submission.value, formText(form, 'version') || undefined);
      break;
    }
    case 'delete':
      result = await deleteMenuItem(user, formText(form, 'id'));
      break;
    case 'reorder': {
      const parsed = menuOrderSchema.safeParse({
        location: formText(form, 'location'),
        order: jsonField(form, 'order'),
        from: form.has('from') ? jsonField(form, 'from') : undefined,
      });
      if (!parsed.success) return refused(intent, [parsed.error.issues[0]?.message ?? 'The menu order is malformed.'], 400);
      result = await reorderMenu(user, parsed.data);
      break;
    }
    default:
      return refused(intent, ['Unknown action.'], 400);
  }
  // A plain answer (not a redirect) lets the screen's dialog tell success from refusal; the toast rides the revalidation.
  if (result.ok)
    return data({ ok: true as const, intent } satisfies MenuReply, {
      headers: { 'Set-Cookie': await toastCookieHeader({ type: 'success', message: TOASTS[intent as Intent] }) },
    });
  if (result.reason === 'invalid') {
    const formErrors = result.formErrors ?? [];
    const reply = submission?.reply({ fieldErrors: result.fieldErrors, formErrors }) as SubmissionResult<string[]> | undefined;
    return refused(intent, formErrors, 400, reply);
  }
  if (result.reason === 'not-found' || result.reason === 'conflict') {
    const formErrors = [failureMessage(result)];
    return refused(intent, formErrors, failureStatus(result), submission?.reply({ formErrors }) as SubmissionResult<string[]> | undefined);
  }
  throwFailure(result);
}

/** The navigation menus of the public site: header and footer, ordered, nested one level in the header. */
export default function MenuRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Navigation Menu" subtitle="Choose the links of the public site's header and footer, and their order.">
      <MenuScreen key={loaderData.location} location={loaderData.location} items={loaderData.items} languages={loaderData.languages} />
    </AdminPage>
  );
}
