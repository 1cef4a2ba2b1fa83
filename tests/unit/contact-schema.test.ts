import { describe, expect, it } from 'vitest';

import { validateContact } from '#app/schemas/contact.ts';

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '', subject: 'Hello', message: 'A project' };

describe('contact form rules (shared by browser and server)', () => {
  it('accepts a complete message with an optional phone, trimmed', () => {
    expect(validateContact({ ...valid, firstName: '  Ada ' })).toEqual({ ok: true, data: { ...valid, firstName: 'Ada' } });
    expect(validateContact({ ...valid, phone: '+33 1 84 60 12 34' }).ok).toBe(true);
  });

  it('names each missing required field and a bad email', () => {
    expect(validateContact({})).toEqual({
      ok: false,
      errors: {
        firstName: 'contact.errors.firstName',
        lastName: 'contact.errors.lastName',
        email: 'contact.errors.email',
        subject: 'contact.errors.subject',
        message: 'contact.errors.message',
      },
    });
    expect(validateContact({ ...valid, email: 'ada@' })).toEqual({ ok: false, errors: { email: 'contact.errors.email' } });
    expect(validateContact({ ...valid, phone: 'call me' })).toEqual({ ok: false, errors: { phone: 'contact.errors.phone' } });
  });

  it('enforces the 500-character message limit', () => {
    expect(validateContact({ ...valid, message: 'x'.repeat(500) }).ok).toBe(true);
    expect(validateContact({ ...valid, message: 'x'.repeat(501) })).toEqual({
      ok: false,
      errors: { message: 'contact.errors.messageTooLong' },
    });
    expect(validateContact({ ...valid, subject: 's'.repeat(201) })).toEqual({ ok: false, errors: { subject: 'contact.errors.tooLong' } });
  });
});
