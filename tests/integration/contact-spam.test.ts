import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { newId } from '#app/lib/ids.ts';
import { action as homeAction } from '#app/routes/site/home.tsx';
import { pruneContactAddresses } from '#app/services/contact/address-retention.server.ts';
import { CONTACT_FORM, CONTACT_LIMITS, CONTACT_RATE_LIMIT, submitContactMessage } from '#app/services/contact/contact-messages.server.ts';
import { createJobRunner } from '#app/services/jobs/job-runner.server.ts';
import { siteJobs } from '#app/services/jobs/site-jobs.server.ts';
import { signedFormToken } from '#app/services/public-forms/form-token.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { callRoute } from '#tests/support/route-call.ts';

const visitor = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '', subject: 'A site', message: 'Hello' };

async function storedFrom(ips: string[]) {
  return getDb().selectFrom('messages').select(['ip', 'folder', 'spam_reason', 'subject']).where('ip', 'in', ips).execute();
}

describe.each(testDialects)('contact-form spam on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());
  // Each test starts with no message counted, so the site-wide ceiling of one does not reach into the next.
  beforeEach(() => getDb().deleteFrom('throttles').execute());

  it('counts atomically: 20 parallel posts from one address store exactly the 5 allowed', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submitContactMessage({ ...visitor, subject: `Parallel ${i}`, ip: '203.0.113.50' })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(CONTACT_RATE_LIMIT.max);
    expect(results.filter((result) => !result.ok)).toHaveLength(20 - CONTACT_RATE_LIMIT.max);
    expect(await storedFrom(['203.0.113.50'])).toHaveLength(CONTACT_RATE_LIMIT.max);
  });

  it('counts IPv6 senders by /64: rotating through one network does not reset the limit', async () => {
    const network = Array.from({ length: 7 }, (_, i) => `2001:db8:7:9:${(i + 1).toString(16)}::${i + 10}`);
    const answers = [];
    for (const ip of network) answers.push((await submitContactMessage({ ...visitor, ip })).ok);
    expect(answers).toEqual([true, true, true, true, true, false, false]);
    // The same address written in full, and IPv4-mapped IPv4 addresses, are counted as the addresses they are.
    expect((await submitContactMessage({ ...visitor, ip: '2001:0db8:0007:0009:ffff:0:0:1' })).ok).toBe(false);
    expect((await submitContactMessage({ ...visitor, ip: '2001:db8:7:a::1' })).ok).toBe(true);
    expect(await storedFrom(network)).toHaveLength(5);
  });

  it('has a site-wide ceiling per minute that many addresses cannot pass', async () => {
    const ceiling = CONTACT_LIMITS.person.global.limit;
    const answers = await Promise.all(
      Array.from({ length: ceiling + 10 }, (_, i) => submitContactMessage({ ...visitor, ip: `198.18.${Math.floor(i / 200)}.${i % 200}` })),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(ceiling);
    expect(answers.find((answer) => !answer.ok)).toMatchObject({ reason: 'rate-limited', retryAfterSeconds: expect.any(Number) });
    // Spam is counted apart: a flood of it does not lock people out, and has its own ceiling.
    await getDb().deleteFrom('throttles').execute();
    const caught = await Promise.all(
      Array.from({ length: CONTACT_LIMITS.caught.global.limit + 5 }, (_, i) =>
        submitContactMessage({
          ...visitor,
          ip: `198.19.${Math.floor(i / 200)}.${i % 200}`,
          spamReason: 'The hidden honeypot field was filled in.',
        }),
      ),
    );
    expect(caught.filter((answer) => answer.ok)).toHaveLength(CONTACT_LIMITS.caught.global.limit);
    expect((await submitContactMessage({ ...visitor, ip: '192.0.2.77' })).ok).toBe(true);
  });

  it('never lets the client decide it is a person: formScript=1 and an instant post land in Spam', async () => {
    const post = (form: Record<string, string>) =>
      callRoute(homeAction as unknown as Parameters<typeof callRoute>[0], { path: '/?index', form: { ...visitor, phone: '', ...form } });
    const subject = `Claims to be scripted ${dialect.name}`;
    const claimed = await post({ subject, formStarted: signedFormToken(CONTACT_FORM), formScript: '1' });
    expect(claimed.status).toBe(200);
    const [stored] = await getDb().selectFrom('messages').select(['folder', 'spam_reason']).where('subject', '=', subject).execute();
    expect(stored).toMatchObject({ folder: 'spam', spam_reason: expect.stringMatching(/^Sent 0\.\d s after the form was shown\.$/) });

    // A person, with or without the page's script, sends the form after the minimum fill time: the Inbox.
    const person = `Took their time ${dialect.name}`;
    await post({ subject: person, formStarted: signedFormToken(CONTACT_FORM, Date.now() - 4000) });
    // A token signed for another form, or forged, proves nothing.
    const forged = `Forged token ${dialect.name}`;
    await post({ subject: forged, formStarted: `${Date.now() - 60_000}.${'A'.repeat(22)}` });
    const other = `Other form's token ${dialect.name}`;
    await post({ subject: other, formStarted: signedFormToken('comment-form', Date.now() - 60_000) });
    const rows = await getDb()
      .selectFrom('messages')
      .select(['subject', 'folder'])
      .where('subject', 'in', [person, forged, other])
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.subject, row.folder]))).toEqual({
      [person]: 'inbox',
      [forged]: 'spam',
      [other]: 'spam',
    });
  });

  it('erases senders’ addresses after the retention period, at start and periodically', async () => {
    const insert = async (ip: string, daysAgo: number) => {
      const id = newId();
      await getDb()
        .insertInto('messages')
        .values({
          id,
          first_name: 'Old',
          last_name: 'Sender',
          email: 'old@example.com',
          phone: '',
          subject: `Sent ${daysAgo} days ago`,
          message: 'Hello',
          status: 'read',
          ip,
          created_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
        })
        .execute();
      return id;
    };
    const old = await insert('203.0.113.200', 40);
    const recent = await insert('203.0.113.201', 5);
    const ipOf = async (id: string) =>
      (await getDb().selectFrom('messages').select('ip').where('id', '=', id).executeTakeFirstOrThrow()).ip;
    const jobs = createJobRunner(siteJobs({ AUDIT_RETENTION_DAYS: 180, CONTACT_IP_RETENTION_DAYS: 30 }), { pollMs: 1000 });
    await jobs.start();
    try {
      await expect.poll(() => ipOf(old)).toBe('');
    } finally {
      await jobs.stop();
    }
    expect(await ipOf(recent)).toBe('203.0.113.201');
    expect(await pruneContactAddresses(30, new Date(Date.now() + 26 * 86_400_000))).toBe(1);
    expect(await ipOf(recent)).toBe('');
    // The messages themselves stay.
    expect(await getDb().selectFrom('messages').select('id').where('id', 'in', [old, recent]).execute()).toHaveLength(2);
  });
});
