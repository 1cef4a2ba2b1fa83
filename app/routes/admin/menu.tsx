import { data } from 'react-router';

import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { MenuScreen } from '#app/components/admin/menus/menu-screen.tsx';
import { failureMessage, failureStatus, throwFailure } from '#app/http/failure.server.ts';
import { formText, readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { toastCookieHeader } from '#app/http/toast.server.ts';
import { MENU_LOCATIONS, type MenuLocation } from '#app/schemas/menu.ts';
import type { Result } from '#app/services/failures.ts';
import { createMenuItem, deleteMenuItem, listMenuItems, reorderMenu, updateMenuItem } from '#app/services/menus/menus.server.ts';

import type { Route } from './+types/menu';

export const meta: Route.MetaFunction = () => [{ title: 'Navigation Menu · Admin · Atelier' }];

const locationOf = (value: string | null): MenuLocation =>
  (MENU_LOCATIONS as readonly string[]).includes(value ?? '') ? (value as MenuLocation) : 'header';

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'menu');
  const location = locationOf(new URL(request.url).searchParams.get('location'));
  return { location, items: await listMenuItems(location) };
}

const ITEM_FIELDS = ['location', 'title', 'titleFr', 'linkType', 'targetId', 'anchor', 'url', 'parentId'] as const;
const TOASTS = {
  create: 'Menu item added',
  update: 'Menu item updated',
  delete: 'Menu item deleted',
  reorder: 'Menu order saved',
} as const;

/** The menu screen's writes, told apart by `intent`; refused input changes nothing and comes back with its messages. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'menu');
  const form = await readForm(request);
  const intent = formText(form, 'intent');
  const location = locationOf(formText(form, 'location'));
  const item = () => Object.fromEntries(ITEM_FIELDS.map((name) => [name, formText(form, name)]));
  let result: Result;
  switch (intent) {
    case 'create':
      result = await createMenuItem(user, item());
      break;
    case 'update':
      result = await updateMenuItem(user, formText(form, 'id'), item());
      break;
    case 'delete':
      result = await deleteMenuItem(user, formText(form, 'id'));
      break;
    case 'reorder': {
      let order: unknown;
      try {
        order = JSON.parse(formText(form, 'order'));
      } catch {
        order = null;
      }
      result = await reorderMenu(user, { location: formText(form, 'location'), order });
      break;
    }
    default:
      return data(
        { ok: false as const, intent, fieldErrors: {} as Record<string, string[]>, formErrors: ['Unknown action.'] },
        { status: 400 },
      );
  }
  // A plain answer (not a redirect) lets the screen's dialog tell success from refusal; the toast rides the revalidation.
  if (result.ok)
    return data(
      { ok: true as const, intent, location },
      { headers: { 'Set-Cookie': await toastCookieHeader({ type: 'success', message: TOASTS[intent as keyof typeof TOASTS] }) } },
    );
  if (result.reason === 'invalid')
    return data({ ok: false as const, intent, fieldErrors: result.fieldErrors, formErrors: result.formErrors ?? [] }, { status: 400 });
  if (result.reason === 'not-found' || result.reason === 'conflict') {
    return data(
      { ok: false as const, intent, fieldErrors: {} as Record<string, string[]>, formErrors: [failureMessage(result)] },
      { status: failureStatus(result) },
    );
  }
  throwFailure(result);
}

/** The navigation menus of the public site: header and footer, ordered, nested one level in the header. */
export default function MenuRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Navigation Menu" subtitle="Choose the links of the public site's header and footer, and their order.">
      <MenuScreen key={loaderData.location} location={loaderData.location} items={loaderData.items} />
    </AdminPage>
  );
}
