import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import * as account from '#app/routes/admin/account.tsx';
import * as apiTokens from '#app/routes/admin/account/api-tokens.tsx';
import * as twoFactor from '#app/routes/admin/account/two-factor.tsx';
import * as invite from '#app/routes/site/invite.tsx';
import { signIn } from '#app/services/auth/sign-in.server.ts';
import { twoFactorStatus } from '#app/services/auth/two-factor.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { issueInvitation } from '#app/services/users/invitations.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

type Handler = Parameters<typeof callRoute>[0];
const PASSWORD = 'first-long-password-7';

/** What Conform's `submission.reply()` carries back to the form. */
interface Reply {
  result: { status?: string; initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> };
}
const replyOf = (data: unknown) => (data as Reply).result;

describe.each(testDialects)('account-side forms on $name', (dialect) => {
  let userId: string;
  let cookie: string;
  beforeAll(async () => {
    await dialect.open();
    userId = await createUser({ email: 'forms@example.com', name: 'Forms', password: PASSWORD, roleId: 'editor' });
    cookie = await sessionCookieFor(userId);
  });
  afterAll(() => dialect.close());

  it('own account: the schema refuses with 400 and changes nothing; no password is ever sent back', async () => {
    const post = (form: Record<string, string>) =>
      callRoute(account.action as unknown as Handler, { path: '/admin/account', cookie, form });
    const long = await post({ intent: 'profile', name: 'x'.repeat(101), avatar: 'javascript:alert(1)' });
    expect(long.status).toBe(400);
    expect(replyOf(long.data).error).toMatchObject({
      name: ['Must be at most 100 characters'],
      avatar: ['Enter an address starting with /, http:// or https://'],
    });

    const wrong = await post({ intent: 'email', email: 'elsewhere@example.com', password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(replyOf(wrong.data).error).toMatchObject({ password: ['Your current password is not correct'] });
    expect(replyOf(wrong.data).initialValue).toEqual({ intent: 'email', email: 'elsewhere@example.com' });

    const weak = await post({ intent: 'password', current: PASSWORD, password: 'password1234', confirm: 'password1235' });
    expect(weak.status).toBe(400);
    expect(replyOf(weak.data).error).toMatchObject({
      password: ['This password is too common. Choose another one.'],
      confirm: ['Passwords do not match'],
    });
    expect(replyOf(weak.data).initialValue).toEqual({ intent: 'password' });

    const row = await getDb().selectFrom('users').select(['name', 'email', 'avatar']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Forms', email: 'forms@example.com', avatar: null });
    expect((await signIn({ email: 'forms@example.com', password: PASSWORD, ip: '10.9.9.9' })).ok).toBe(true);
  });

  it('API tokens: the form is refused by the schema and by the service (a scope not held), and nothing is stored', async () => {
    const post = (form: Record<string, string | string[]>) =>
      callRoute(apiTokens.action as unknown as Handler, { path: '/admin/account/tokens', cookie, form });
    const empty = await post({ intent: 'create', name: '', expiresInDays: '30' });
    expect(empty.status).toBe(400);
    expect(replyOf(empty.data).error).toMatchObject({
      name: ['Name is required'],
      scopes: ['Choose at least one scope'],
      password: ['Enter your current password'],
    });

    const beyond = await post({
      intent: 'create',
      name: 'Too much',
      scopes: ['manage_posts', 'manage_users'],
      expiresInDays: '30',
      password: PASSWORD,
    });
    expect(beyond.status).toBe(400);
    expect(replyOf(beyond.data).error?.scopes?.[0]).toContain('You can only give a token permissions you hold');
    const odd = await post({ intent: 'create', name: 'Odd expiry', scopes: 'manage_posts', expiresInDays: '12', password: PASSWORD });
    expect(replyOf(odd.data).error).toMatchObject({ expiresInDays: ['Choose an expiry from the list'] });
    const wrongPassword = await post({ intent: 'create', name: 'Deploy', scopes: 'manage_posts', expiresInDays: '7', password: 'nope' });
    expect(wrongPassword.status).toBe(400);
    expect(replyOf(wrongPassword.data).error).toMatchObject({ password: ['Your current password is not correct'] });
    // The password is never sent back.
    expect(replyOf(wrongPassword.data).initialValue).not.toHaveProperty('password');
    expect(await getDb().selectFrom('api_tokens').select('id').where('user_id', '=', userId).execute()).toHaveLength(0);

    // One ticked scope is a list of one.
    const made = await post({ intent: 'create', name: 'Deploy', scopes: 'manage_posts', expiresInDays: '7', password: PASSWORD });
    expect(made.status).toBe(200);
    expect(made.data).toMatchObject({ created: { name: 'Deploy', token: expect.stringMatching(/^atl_/) } });
    expect(await getDb().selectFrom('api_tokens').select('scopes').where('user_id', '=', userId).execute()).toEqual([
      { scopes: '["manage_posts"]' },
    ]);
    const unknown = await post({ intent: 'revoke', tokenId: '' });
    expect(unknown.status).toBe(400);
    expect(replyOf(unknown.data).error).toMatchObject({ '': ['Unknown token.'] });
  });

  it('two-factor set-up: the password first, then a malformed or wrong code is refused beside the field, the set-up kept, and nothing sent back', async () => {
    const loaded = await callRoute(twoFactor.loader as unknown as Handler, { path: '/admin/account/two-factor', cookie });
    expect(loaded.status).toBe(200);
    expect(JSON.stringify(loaded.data)).not.toContain('secret');
    const post = (form: Record<string, string>) =>
      callRoute(twoFactor.action as unknown as Handler, { path: '/admin/account/two-factor', cookie, form });
    const noPassword = await post({ intent: 'start', password: '' });
    expect(noPassword.status).toBe(400);
    expect(replyOf(noPassword.data).error).toMatchObject({ password: ['Enter your current password'] });
    const started = await post({ intent: 'start', password: PASSWORD });
    expect(started.status).toBe(200);
    const setup = (started.data as { setup: { secret: string; setupToken: string } }).setup;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);

    const malformed = await post({ intent: 'confirm', code: 'abc', setupToken: setup.setupToken });
    expect(malformed.status).toBe(400);
    expect(malformed.data).toMatchObject({ intent: 'confirm', recoveryCodes: null, setup: { secret: setup.secret } });
    expect(replyOf(malformed.data).error).toMatchObject({ code: ['Enter the 6-digit code your app shows'] });
    expect(replyOf(malformed.data).initialValue).toEqual({ intent: 'confirm' });
    const wrong = await post({ intent: 'confirm', code: '000000', setupToken: setup.setupToken });
    expect(wrong.status).toBe(400);
    expect(replyOf(wrong.data).error?.code?.[0]).toMatch(/^That code is not right\./);
    expect(wrong.data).toMatchObject({ setup: { secret: setup.secret } });
    const forged = await post({ intent: 'confirm', code: '000000', setupToken: 'v1.forged.token.x' });
    expect(forged.data).toMatchObject({ setup: null });
    expect(replyOf(forged.data).error).toMatchObject({ '': ['This set-up has expired. Start again to get a new secret.'] });
    expect((await twoFactorStatus(userId)).enabled).toBe(false);
    expect((await post({ intent: 'become-admin' })).status).toBe(400);
  });

  it('invitation: a common password is refused by the schema, the passwords are not sent back and the user stays pending', async () => {
    const inviteeId = await createUser({
      email: 'invitee@example.com',
      name: 'Invitee',
      password: null,
      roleId: 'author',
      status: 'pending',
    });
    const { token } = await issueInvitation(getDb(), inviteeId, userId);
    const post = (form: Record<string, string>) =>
      callRoute(invite.action as unknown as Handler, { path: `/invite/${token}`, params: { token }, form });
    const common = await post({ password: 'password1234', confirm: 'password1234' });
    expect(common.status).toBe(400);
    expect(replyOf(common.data).error).toMatchObject({ password: ['This password is too common. Choose another one.'] });
    expect(replyOf(common.data).initialValue).toEqual({});
    // Only the service knows the invitee's name and email.
    const own = await post({ password: 'invitee@example.com', confirm: 'invitee@example.com' });
    expect(replyOf(own.data).error).toMatchObject({ password: ['Your password must not be your name or email address.'] });
    const row = await getDb().selectFrom('users').select(['status', 'password_hash']).where('id', '=', inviteeId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', password_hash: null });
    expect((await post({ password: 'tidal-copper-lantern-9', confirm: 'tidal-copper-lantern-9' })).data).toMatchObject({ done: true });
  });
});
