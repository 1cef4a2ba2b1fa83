import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { z } from 'zod';

import { ApiTokenForm, ApiTokenList, NewTokenPanel } from '#app/components/admin/account/api-token-panels.tsx';
import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { Pagination } from '#app/components/admin/pagination.tsx';
import { replyWithFailure, throwFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { PERMISSIONS } from '#app/lib/permissions.ts';
import { apiTokenRevokeSchema, apiTokenSchema } from '#app/schemas/api-token.ts';
import { createApiToken, listApiTokens, MAX_ACTIVE_TOKENS, revokeApiToken } from '#app/services/auth/api-tokens.server.ts';

import type { Route } from './+types/api-tokens';

export const meta: Route.MetaFunction = () => [{ title: 'API Tokens · Admin · Atelier' }];

const PAGE = '/admin/account/tokens';

/** The password typed to make a token is never sent back. */
const PASSWORD = ['password'];

const pageSchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1) });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'api-tokens');
  const held = PERMISSIONS.filter((permission) => user.role?.permissions.includes(permission));
  const { page } = pageSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { tokens: await listApiTokens(user.id, page), held, maxActive: MAX_ACTIVE_TOKENS };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'api-tokens');
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'create') {
    // Conform's coercion stays on: it makes one ticked scope a list and the expiry a number.
    const submission = parseWithZod(form, { schema: apiTokenSchema });
    if (submission.status !== 'success')
      return data({ result: submission.reply({ hideFields: PASSWORD }) as SubmissionResult<string[]>, created: null }, { status: 400 });
    const { password, ...token } = submission.value;
    const result = await createApiToken({ user, token, password });
    if (!result.ok) return replyWithFailure(submission, result, { hideFields: PASSWORD });
    // The form starts afresh for the next token; the new one is shown once.
    return {
      result: submission.reply({ resetForm: true }) as SubmissionResult<string[]>,
      created: { name: submission.value.name, token: result.token },
    };
  }
  if (intent === 'revoke') {
    const submission = parseWithZod(form, { schema: apiTokenRevokeSchema });
    if (submission.status !== 'success')
      return data(
        { result: submission.reply({ formErrors: ['Unknown token.'] }) as SubmissionResult<string[]>, created: null },
        { status: 400 },
      );
    const result = await revokeApiToken({ user: { id: user.id, name: user.name }, tokenId: submission.value.tokenId });
    if (!result.ok) throwFailure(result);
    return redirectWithToast(PAGE, { type: 'success', message: 'Token revoked' });
  }
  const submission = parseWithZod(form, { schema: z.object({}) });
  return data(
    { result: submission.reply({ formErrors: ['Unknown action.'] }) as SubmissionResult<string[]>, created: null },
    { status: 400 },
  );
}

export default function ApiTokensScreen({ loaderData, actionData }: Route.ComponentProps) {
  const created = actionData && 'created' in actionData ? actionData.created : null;
  return (
    <AdminPage
      title="API Tokens"
      subtitle="Personal tokens let a script or another service use the API as you, within the scopes you choose."
    >
      {created ? <NewTokenPanel name={created.name} token={created.token} /> : null}
      <ApiTokenForm
        held={loaderData.held}
        active={loaderData.tokens.active}
        maxActive={loaderData.maxActive}
        lastResult={actionData?.result}
        key={created?.token ?? 'form'}
      />
      <ApiTokenList tokens={loaderData.tokens.items} />
      <Pagination {...loaderData.tokens} noun="token" />
    </AdminPage>
  );
}
