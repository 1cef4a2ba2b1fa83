import { parseWithZod } from '@conform-to/zod/v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { action as contactAction } from '#app/routes/admin/contact.tsx';
import { action as contentAction } from '#app/routes/admin/content.tsx';
import { contactSettingsSchema } from '#app/schemas/contact-settings.ts';
import type { LandingContent } from '#app/schemas/landing.ts';
import { landingContentSchema } from '#app/schemas/landing.ts';
import { cacheGeneration } from '#app/services/cache/html-cache.server.ts';
import { getContactSettings, saveContactSettings as saveContact } from '#app/services/contact/contact-settings.server.ts';
import { defaultLanding } from '#app/services/landing/default-landing.ts';
import { getLandingContent } from '#app/services/landing/landing.server.ts';
import { getLandingForEdit, saveLanding } from '#app/services/landing/landing-admin.server.ts';
import { defaultContact, defaultSocial } from '#app/services/settings/defaults.ts';
import { getSiteShell } from '#app/services/site-shell/site-shell.server.ts';
import { ADMIN, makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

const copy = (content: LandingContent): LandingContent => structuredClone(content);
const storedSetting = async (key: string) =>
  (await getDb().selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value ?? null;
/** A language's landing row as stored: published copy, draft and version. */
const storedLanding = async (locale: string) =>
  (await getDb().selectFrom('landing_content').select(['published', 'draft', 'version']).where('locale', '=', locale).executeTakeFirst()) ??
  null;

const validContact: Record<string, string> = {
  address: defaultContact.address,
  email: defaultContact.email,
  phone: defaultContact.phone,
  description: defaultContact.description,
  ...defaultSocial,
};
/** The service takes what the route hands it: the form read by `contactSettingsSchema`. */
const saveContactSettings = (form: Record<string, unknown>) => saveContact(ADMIN, contactSettingsSchema.parse(form));

/** The form field names of a value, as Conform names them: hero.title, about.stats[3].value. */
function formFieldNames(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => formFieldNames(item, `${prefix}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => formFieldNames(item, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

/** A value as the form posts it: one field per leaf, named as Conform names them. */
function formFields(value: unknown, prefix = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => formFields(item, `${prefix}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => formFields(item, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, String(value)]];
}

type Handler = Parameters<typeof callRoute>[0];
/** Conform's field errors of a route's answer, keyed by field name. */
const errorsOf = (answer: { data: unknown }) => (answer.data as { result?: { error?: Record<string, string[]> } }).result?.error;

describe.each(testDialects)('landing content and contact settings on $name', (dialect) => {
  let cookie: string;
  /** Posts the Content form for a language as a signed-in administrator. */
  let admin: Awaited<ReturnType<typeof makeActor>>;
  /** Saves and publishes through the service, at the version stored now, as the administrator. */
  const saveLandingContent = async (lang: 'en' | 'fr', content: LandingContent) =>
    saveLanding(admin, { lang, content, version: (await getLandingForEdit(lang)).version, publish: true });
  /** Posts the Content form for a language as a signed-in administrator (Save Changes, at the stored version). */
  const postContent = async (lang: 'en' | 'fr', content: unknown) =>
    callRoute(contentAction as unknown as Handler, {
      path: `/admin/content?lang=${lang}`,
      cookie,
      form: Object.fromEntries([
        ['lang', lang],
        ['intent', 'save'],
        ['version', String((await getLandingForEdit(lang)).version)],
        ...formFields(content),
      ]),
    });
  const postContact = (form: Record<string, string | string[]>) =>
    callRoute(contactAction as unknown as Handler, { path: '/admin/contact', cookie, form });
  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator', 'content-admin');
    cookie = await sessionCookieFor(admin.id);
  });
  afterAll(() => dialect.close());

  it('saves one language only, trimmed, and drops the cached public pages', async () => {
    const before = cacheGeneration();
    const frBefore = await storedLanding('fr');
    const content = copy(defaultLanding.en);
    content.hero.title = '  Nous créons des produits numériques  ';
    content.services.items[5]!.features[2] = 'Edited feature';
    const result = await saveLandingContent('en', landingContentSchema.parse(content));
    expect(result.ok).toBe(true);
    expect(cacheGeneration()).toBeGreaterThan(before);
    const saved = await getLandingContent('en');
    expect(saved.hero.title).toBe('Nous créons des produits numériques');
    expect(saved.services.items[5]!.features[2]).toBe('Edited feature');
    expect(await storedLanding('fr')).toEqual(frBefore);
  });

  it('refuses invalid copy with messages per field and changes nothing', async () => {
    const enBefore = await storedLanding('en');
    const generation = cacheGeneration();
    const content = copy(defaultLanding.en) as unknown as { hero: { title: string }; about: { stats: unknown[] } };
    content.hero.title = '   ';
    content.about.stats = content.about.stats.slice(0, 3);
    const result = await postContent('en', content);
    expect(result.status).toBe(400);
    expect(errorsOf(result)).toMatchObject({ 'hero.title': ['Title is required'], 'about.stats': [expect.any(String)] });
    expect(await storedLanding('en')).toEqual(enBefore);
    expect(cacheGeneration()).toBe(generation);
  });

  it('refuses oversized copy and hero images that are not media-library or https addresses, changing nothing', async () => {
    const enBefore = await storedLanding('en');
    const generation = cacheGeneration();
    const huge = copy(defaultLanding.en);
    huge.about.description = 'x'.repeat(200_000);
    huge.services.items[0]!.features[0] = 'y'.repeat(5_000);
    const oversized = await postContent('en', huge);
    expect(oversized.status).toBe(400);
    expect(errorsOf(oversized)).toMatchObject({
      'about.description': ['Description must be at most 2000 characters'],
      'services.items[0].features[0]': ['Feature must be at most 200 characters'],
    });
    for (const image of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'http://evil.example/x.png',
      '//evil.example/x.png',
      '/admin/settings',
      '/media/../admin',
      'https://',
      ' /media/a b.png',
    ]) {
      const bad = copy(defaultLanding.en);
      bad.hero.image = image;
      const result = await postContent('en', bad);
      expect(result.status, image).toBe(400);
      expect(errorsOf(result), image).toMatchObject({
        'hero.image': ['Choose an image from the media library or enter an https:// address'],
      });
    }
    expect(await storedLanding('en')).toEqual(enBefore);
    expect(cacheGeneration()).toBe(generation);
    for (const image of ['', '/media/2026/05/photo.jpg', 'https://images.example.com/hero.webp']) {
      const good = copy(defaultLanding.en);
      good.hero.image = image;
      expect((await postContent('en', good)).status, image).toBe(302);
    }
    expect((await postContent('en', copy(defaultLanding.en))).status).toBe(302);
  });

  it('reads the fields of the Content form back into the content shape', async () => {
    const form = new Map([
      ['hero.title', 'Form title'],
      ['about.stats[3].value', '30+'],
      ['services.items[2].features[1]', 'Second feature'],
      ['hero.image', '/media/seed/app-screenshot.png'],
    ]);
    // Every field of the Content form, named as the landing schema's paths, 'x' where not given above.
    const posted = new FormData();
    for (const name of formFieldNames(defaultLanding.en)) posted.append(name, form.get(name) ?? 'x');
    const submission = parseWithZod(posted, { schema: landingContentSchema, disableAutoCoercion: true });
    if (submission.status !== 'success') throw new Error('the Content form was not read');
    const content = submission.value;
    expect(content.hero.title).toBe('Form title');
    expect(content.about.stats).toHaveLength(4);
    expect(content.about.stats[3]).toEqual({ label: 'x', value: '30+' });
    expect(content.services.items).toHaveLength(6);
    expect(content.services.items[2]!.features).toEqual(['x', 'Second feature', 'x']);
    const fr = await saveLandingContent('fr', content);
    expect(fr.ok).toBe(true);
    expect((await getLandingContent('fr')).about.stats[3]!.value).toBe('30+');
  });

  it('opens a language without its own copy on the English copy, and saving creates it', async () => {
    await getDb().deleteFrom('landing_content').where('locale', '=', 'fr').execute();
    const english = await getLandingContent('en');
    expect(await getLandingForEdit('fr')).toEqual({ content: english, ownCopy: false, version: 0, draft: null });
    expect((await getLandingForEdit('en')).ownCopy).toBe(true);
    const french = copy(english);
    french.hero.title = 'Titre français';
    expect((await saveLandingContent('fr', landingContentSchema.parse(french))).ok).toBe(true);
    expect(await getLandingForEdit('fr')).toMatchObject({ ownCopy: true, content: { hero: { title: 'Titre français' } } });
    expect((await getLandingContent('en')).hero.title).toBe(english.hero.title);
  });

  it('saves contact information and social links to their settings, shown by the public shell', async () => {
    const before = cacheGeneration();
    const result = await saveContactSettings({
      ...validContact,
      phone: ' +44 20 7946 0000 ',
      twitter: 'https://x.com/atelier',
      instagram: '',
    });
    expect(result).toEqual({ ok: true });
    expect(cacheGeneration()).toBeGreaterThan(before);
    const shell = await getSiteShell();
    expect(shell.contact).toEqual({ ...defaultContact, phone: '+44 20 7946 0000' });
    expect(shell.social).toEqual({ ...defaultSocial, twitter: 'https://x.com/atelier', instagram: '' });
    expect(await getContactSettings()).toMatchObject({ phone: '+44 20 7946 0000', twitter: 'https://x.com/atelier' });
  });

  it('refuses a bad email, a non-web address or a bad phone with clear messages, and changes nothing', async () => {
    const contactBefore = await storedSetting('contact');
    const socialBefore = await storedSetting('social');
    const result = await postContact({
      ...validContact,
      email: 'not-an-email',
      phone: 'call me',
      twitter: 'javascript:alert(1)',
      linkedin: 'linkedin.com/company/x',
    });
    expect(result.status).toBe(400);
    expect(errorsOf(result)).toEqual({
      email: ['Enter a valid email address, like hello@example.com'],
      phone: ['Enter a phone number using digits, spaces, +, ( ) or -'],
      twitter: ['Enter a full Twitter address starting with https://, or leave it empty'],
      linkedin: ['Enter a full LinkedIn address starting with https://, or leave it empty'],
    });
    expect(await storedSetting('contact')).toBe(contactBefore);
    expect(await storedSetting('social')).toBe(socialBefore);
    // An empty email is allowed: the public panel then simply leaves it out.
    expect((await saveContactSettings({ ...validContact, email: '' })).ok).toBe(true);
  });
});
