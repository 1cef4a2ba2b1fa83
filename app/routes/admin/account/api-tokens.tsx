import { data } from 'react-router';

import { ApiTokenForm, ApiTokenList, NewTokenPanel } from '#app/components/admin/account/api-token-panels.tsx';
import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { throwFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { PERMISSIONS } from '#app/lib/permissions.ts';
import { fieldErrors } from '#app/lib/zod-errors.ts';
import { apiTokenSchema } from '#app/schemas/api-token.ts';
import { createApiToken, listApiTokens, revokeApiToken } from '#app/services/auth/api-tokens.server.ts';

import type { Route } from './+types/api-tokens';

export const meta: Route.MetaFunction = () => [{ title: 'API Tokens · Admin · Atelier' }];

const PAGE = '/admin/account/tokens';

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'api-tokens');
  const held = PERMISSIONS.filter((permission) => user.role?.permissions.includes(permission));
  return { tokens: await listApiTokens(user.id), held };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'api-tokens');
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'create') {
    const parsed = apiTokenSchema.safeParse({
      name: form.get('name') ?? undefined,
      scopes: form.getAll('scopes'),
      expiresInDays: form.get('expiresInDays') ?? undefined,
    });
    if (!parsed.success) return data({ errors: fieldErrors(parsed.error), created: null }, { status: 400 });
    const result = await createApiToken({ user, token: parsed.data });
    if (!result.ok) {
      if (result.reason !== 'invalid') throwFailure(result);
      return data(
        { errors: Object.fromEntries(Object.entries(result.fieldErrors).map(([key, value]) => [key, value[0] ?? ''])), created: null },
        { status: 400 },
      );
    }
    return { errors: {}, created: { name: parsed.data.name, token: result.token } };
  }
  if (intent === 'revoke') {
    const tokenId = form.get('tokenId');
    if (typeof tokenId !== 'string' || !tokenId || tokenId.length > 100)
      return data({ errors: { form: 'Unknown token.' }, created: null }, { status: 400 });
    const result = await revokeApiToken({ user: { id: user.id, name: user.name }, tokenId });
    if (!result.ok) throwFailure(result);
    return redirectWithToast(PAGE, { type: 'success', message: 'Token revoked' });
  }
  return data({ errors: { form: 'Unknown action.' }, created: null }, { status: 400 });
}

export default function ApiTokensScreen({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <AdminPage
      title="API Tokens"
      subtitle="Personal tokens let a script or another service use the API as you, within the scopes you choose."
    >
      {actionData?.created ? <NewTokenPanel name={actionData.created.name} token={actionData.created.token} /> : null}
      <ApiTokenForm held={loaderData.held} errors={errors} key={actionData?.created?.token ?? 'form'} />
      <ApiTokenList tokens={loaderData.tokens} />
    </AdminPage>
  );
}
