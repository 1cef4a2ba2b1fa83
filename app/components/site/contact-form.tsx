import { useActionData } from 'react-router';

import { useSitePath, useSiteRouteData } from '#app/components/site/use-site-path.ts';
import { useTranslation } from '#app/i18n/use-translation.ts';
import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactErrors, type ContactField } from '#app/schemas/contact.ts';

/**
 * A refused submission echoes the form's timestamp (correcting a field does not restart the fill time) and its
 * submission token (a resend after a lost answer is still recognised).
 */
export type ContactActionData =
  | { status: 'sent' }
  | { status: 'invalid'; errors: ContactErrors; values: Partial<Record<ContactField, string>>; token: string; submission: string }
  | { status: 'rate-limited'; values: Partial<Record<ContactField, string>>; token: string; submission: string };

/** The spam filter's fields: a honeypot and the signed time the form was rendered. */
export const CONTACT_HONEYPOT_FIELD = 'website';
export const CONTACT_TOKEN_FIELD = 'formStarted';
/** The render's idempotency token: the same form sent twice is stored once (app/services/public-forms/idempotency.server.ts). */
export const CONTACT_SUBMISSION_FIELD = 'submission';

/** Every message the shared rules can answer, translated into the page for its script. */
const CONTACT_ERROR_KEYS = [
  ...CONTACT_FIELDS.map((field) => `contact.errors.${field}`),
  'contact.errors.tooLong',
  'contact.errors.messageTooLong',
];

const inputClass =
  'mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm text-gray-900 focus:border-site-primary-strong focus:ring-2 focus:ring-site-primary/30 focus:outline-none aria-[invalid=true]:border-red-700';

/**
 * The contact form as the server renders it, with the server's answer to a refused submission: a
 * plain POST that works without JavaScript. With it, the page's script (app/site/enhance.ts) checks
 * the shared rules on submit and then on every change. The server decides.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const actionData = useActionData<ContactActionData>();
  const loaderData = useSiteRouteData<{ contactFormToken?: string; contactSubmissionToken?: string }>('routes/site/home');
  // Posted back to the home page of the page's language (`/`, the index route, or `/fr`), so the answer is in it.
  const home = useSitePath()('/');
  const token = actionData && 'token' in actionData && actionData.token ? actionData.token : (loaderData?.contactFormToken ?? '');
  const submission =
    actionData && 'submission' in actionData && actionData.submission ? actionData.submission : (loaderData?.contactSubmissionToken ?? '');
  const errors: ContactErrors = actionData?.status === 'invalid' ? actionData.errors : {};
  const values = actionData && 'values' in actionData ? actionData.values : {};

  const field = (name: ContactField, label: string, options: { type?: string; autoComplete?: string; optional?: boolean } = {}) => {
    const error = errors[name];
    return (
      <div>
        <label htmlFor={`contact-${name}`} className="block text-sm font-medium text-site-headings">
          {label}
        </label>
        <input
          id={`contact-${name}`}
          name={name}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          required={!options.optional}
          maxLength={CONTACT_LIMITS[name]}
          defaultValue={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `contact-${name}-error` : undefined}
          className={inputClass}
        />
        {error ? (
          <p id={`contact-${name}-error`} className="mt-1 text-sm text-red-700">
            {t(error)}
          </p>
        ) : null}
      </div>
    );
  };

  const messageError = errors.message;
  return (
    // A plain POST back to the contact section (#contact: the answer opens where the form is). Public
    // pages are not hydrated: the page's script (app/site/enhance.ts) checks the fields, reading the
    // translated messages from data-messages, and disables the button while the form is sent.
    <form
      method="post"
      action={home === '/' ? '/?index#contact' : `${home}#contact`}
      noValidate
      className="space-y-5"
      data-contact-form=""
      data-messages={JSON.stringify(Object.fromEntries(CONTACT_ERROR_KEYS.map((key) => [key, t(key)])))}
      data-sending={t('contact.sending')}
      data-invalid={actionData?.status === 'invalid' || undefined}
    >
      {actionData?.status === 'sent' ? (
        <p role="status" className="rounded-md bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          {t('contact.success')}
        </p>
      ) : null}
      {actionData?.status === 'rate-limited' ? (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {t('contact.rateLimited')}
        </p>
      ) : null}
      {actionData?.status === 'invalid' ? (
        <p role="alert" data-contact-failure="" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {t('contact.failure')}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {field('firstName', t('contact.firstName'), { autoComplete: 'given-name' })}
        {field('lastName', t('contact.lastName'), { autoComplete: 'family-name' })}
      </div>
      {field('email', t('contact.emailLabel'), { type: 'email', autoComplete: 'email' })}
      {field('phone', t('contact.phoneLabel'), { type: 'tel', autoComplete: 'tel', optional: true })}
      {field('subject', t('contact.subject'))}
      <div>
        <label htmlFor="contact-message" className="block text-sm font-medium text-site-headings">
          {t('contact.message')}
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={5}
          required
          maxLength={CONTACT_LIMITS.message}
          defaultValue={values.message}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={`contact-message-hint${messageError ? ' contact-message-error' : ''}`}
          className={inputClass}
        />
        <p id="contact-message-hint" className="mt-1 text-xs text-site-text">
          {t('contact.messageHint')}
        </p>
        {messageError ? (
          <p id="contact-message-error" className="mt-1 text-sm text-red-700">
            {t(messageError)}
          </p>
        ) : null}
      </div>
      {/* Honeypot: invisible to people, tempting to bots; a filled one files the message under Spam. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{t('contact.honeypot')}</label>
        <input id="contact-website" name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name={CONTACT_TOKEN_FIELD} value={token} />
      <input type="hidden" name={CONTACT_SUBMISSION_FIELD} value={submission} />
      <button
        type="submit"
        className="w-full rounded-md bg-site-primary-strong px-5 py-3 text-sm font-semibold text-site-on-primary shadow-sm hover:opacity-90 disabled:opacity-60 sm:w-auto"
      >
        {t('contact.submit')}
      </button>
    </form>
  );
}
