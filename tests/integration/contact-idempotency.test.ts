import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type BuiltServer, serverDialects, startBuiltServer } from '#tests/support/built-server.ts';

// A browser that resends the contact form (its first answer was lost) must not store the message twice: the form
// carries a per-render submission token made by the server, in a hidden field, so this holds without JavaScript.

const SUCCESS = 'Thank you! Your message has been sent.';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** The hidden fields of the landing page's contact form, as a browser without JavaScript would send them. */
function hiddenFields(html: string): Record<string, string> {
  const value = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  return { formStarted: value('formStarted'), submission: value('submission'), website: '' };
}

describe.each(serverDialects)('the contact form sent twice on %s', (dialect) => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer(dialect);
  });
  afterAll(() => server.close());

  const stored = async (subject: string) =>
    (await server.rows(`select id, message from messages where subject = '${subject}'`)).map((row) => String(row.message));
  const send = (fields: Record<string, string>) =>
    server.send('POST', '/?index', { headers: FORM, body: new URLSearchParams(fields).toString() });

  async function freshForm(subject: string, message = 'Please call me back about a new site.') {
    const page = await server.send('GET', '/');
    expect(page.status).toBe(200);
    const hidden = hiddenFields(page.body);
    expect(hidden.submission).toMatch(/^[A-Za-z0-9_-]{22}$/);
    return { firstName: 'Zoë', lastName: 'Ørsted', email: 'zoe@example.com', phone: '', subject, message, ...hidden };
  }

  it('stores one message for a resend with the same token and answers the same success both times', async () => {
    const subject = `Resent after a lost answer ${dialect}`;
    const fields = await freshForm(subject);
    const first = await send(fields);
    const again = await send(fields);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(first.body).toContain(SUCCESS);
    expect(again.body).toContain(SUCCESS);
    expect(await stored(subject)).toEqual(['Please call me back about a new site.']);
    expect(await server.rows(`select form from public_form_receipts`)).toContainEqual({ form: 'contact-form' });
  });

  it('stores one message when the two sends race each other', async () => {
    const subject = `Double click ${dialect}`;
    const fields = await freshForm(subject);
    const answers = await Promise.all([send(fields), send(fields), send(fields)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const answer of answers) expect(answer.body).toContain(SUCCESS);
    expect(await stored(subject)).toHaveLength(1);
  });

  it('stores both messages when one copy of the page (a cached one) carries two different messages', async () => {
    const subject = `Two visitors, one cached page ${dialect}`;
    const fields = await freshForm(subject);
    expect((await send(fields)).body).toContain(SUCCESS);
    expect((await send({ ...fields, message: 'A different question from someone else.' })).body).toContain(SUCCESS);
    expect((await stored(subject)).sort()).toEqual(['A different question from someone else.', 'Please call me back about a new site.']);
  });

  it('gives every rendered form its own token, and each new render stores again', async () => {
    const subject = `Sent again from a new page ${dialect}`;
    const first = await freshForm(subject);
    const second = await freshForm(subject);
    // The landing page may come from the HTML cache: then the token is the cached render's, and still well formed.
    expect((await send(first)).body).toContain(SUCCESS);
    expect((await send({ ...second, submission: 'another-render-0123456789' })).body).toContain(SUCCESS);
    expect(await stored(subject)).toHaveLength(2);
  });
});
