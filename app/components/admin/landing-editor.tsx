import { type FieldMetadata, getFormProps, type SubmissionResult } from '@conform-to/react';
import { useEffect, useState } from 'react';
import { Form, Link } from 'react-router';

import { inputClass, secondaryButton } from '#app/components/ui/buttons.ts';
import { Card, Field, fieldAria } from '#app/components/ui/field.tsx';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { SaveButton } from '#app/components/ui/save-button.tsx';
import { TabList } from '#app/components/ui/tab-list.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import type { Language } from '#app/i18n/languages.ts';
import { type LandingContent, landingContentSchema } from '#app/schemas/landing.ts';

import { AdminPage, PageLink } from './admin-page.tsx';
import { ImageField } from './image-field.tsx';
import { LandingDraftStatus } from './landing-draft-status.tsx';
import { LandingRevisions } from './landing-revisions.tsx';

export const LANDING_TABS = [
  { key: 'hero', label: 'Hero Section' },
  { key: 'about', label: 'About Section' },
  { key: 'services', label: 'Services Section' },
  { key: 'contact', label: 'Contact Section' },
] as const;
export type LandingTab = (typeof LANDING_TABS)[number]['key'];

const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', fr: 'Français' };
const FORM_ID = 'landing-content-form';

/** The first tab holding an error, so a refused save shows the field at fault. */
const HERO_IMAGE_LABELS = {
  label: 'Hero Image URL',
  chooseLabel: 'Choose Image',
  removeLabel: 'Remove hero image',
  previewAlt: 'Hero image preview',
};

type Errors = Record<string, string[] | null | undefined> | undefined;

const tabHasError = (errors: Errors, tab: LandingTab) =>
  Object.entries(errors ?? {}).some(([name, messages]) => messages?.length && (name === tab || name.startsWith(`${tab}.`)));

export function tabWithError(errors: Errors): LandingTab | undefined {
  return LANDING_TABS.find((tab) => tabHasError(errors, tab.key))?.key;
}

/** A copy field; its id is built from its name (landing-hero-title) so a message can be linked to it. */
function TextField(props: { field: FieldMetadata<string | undefined>; label: string; rows?: number; fallback?: string }) {
  const { field, fallback } = props;
  const id = `landing-${field.name.replace(/[^\w]+/g, '-')}`;
  const error = field.errors?.[0];
  const common = {
    ...fieldAria(id, error, !!fallback),
    name: field.name,
    required: field.required,
    defaultValue: field.initialValue ?? '',
    placeholder: fallback,
    className: inputClass,
  };
  return (
    <Field id={id} label={props.label} error={error} hint={fallback ? `Left empty, visitors read “${fallback}”.` : undefined}>
      {props.rows ? <textarea key={field.key} {...common} rows={props.rows} /> : <input key={field.key} {...common} type="text" />}
    </Field>
  );
}

/**
 * The Content screen (docs/product.md, Content): the landing page's hero, about and services copy for one
 * language. All the tabs are one Conform form (hidden tabs keep their fields), so one Save Changes (publish) or
 * Save draft applies them all; it posts as a plain form, so it also works before the script loads. The landing schema
 * checks it on submit and again on the server, so the messages are the same either way.
 */
export function LandingEditor(props: {
  mayEditMenus?: boolean;
  /** What visitors read in this language where an optional text is left empty (the badge, 'Learn more'…). */
  defaults: Record<
    'badge' | 'badgeText' | 'learnMore' | 'highlight' | 'founded' | 'valuesTitle' | 'contactTitle' | 'contactFormTitle',
    string
  >;
  lang: Language;
  tab: LandingTab;
  content: LandingContent;
  ownCopy: boolean;
  version: number;
  draft: { savedAt: string; savedBy: string } | null;
  mayPublish: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  conflict: boolean;
  /** The stored copy the form was opened on (the revisions compare with it); `content` may be a restored revision. */
  saved: LandingContent;
  restoredFrom: string | null;
  onRestore: (content: LandingContent, label: string) => void;
}) {
  const { lang, lastResult, defaults } = props;
  const [tab, setTab] = useState<LandingTab>(tabWithError(lastResult?.error) ?? props.tab);
  const [form, fields] = useSchemaForm(landingContentSchema, {
    id: FORM_ID,
    lastResult,
    defaultValue: props.content,
    coerce: false,
    onChecked: (submission) => {
      const withError = submission.status === 'error' ? tabWithError(submission.error ?? undefined) : undefined;
      if (withError) setTab(withError);
    },
  });

  useEffect(() => {
    const withError = tabWithError(lastResult?.error);
    if (withError) setTab(withError);
  }, [lastResult]);

  const errors = form.allErrors;
  const refused = Object.values(errors).some((messages) => messages.length);
  const hero = fields.hero.getFieldset();
  const about = fields.about.getFieldset();
  const services = fields.services.getFieldset();
  const contact = fields.contact.getFieldset();

  return (
    <AdminPage
      title="Content Management"
      subtitle="Edit the copy of the landing page's hero, about, services and contact sections."
      actions={
        // Save Changes publishes (it needs Publish Pages); Save draft keeps the copy from visitors until it is published.
        <div className="flex flex-wrap gap-2">
          {/* The menus are part of what visitors read on the landing page; they are edited on their own screen. */}
          {props.mayEditMenus ? <PageLink to="/admin/menu">Navigation Menu</PageLink> : null}
          <SaveButton
            form={FORM_ID}
            name="intent"
            value="draft"
            label="Save draft"
            icon={null}
            className={props.mayPublish ? secondaryButton : undefined}
          />
          {props.mayPublish ? <SaveButton form={FORM_ID} name="intent" value="save" /> : null}
        </div>
      }
    >
      <div className="flex flex-wrap items-center gap-3">
        <span id="landing-language-label" className="text-sm font-medium text-gray-800">
          Language
        </span>
        <nav aria-labelledby="landing-language-label" className="inline-flex rounded-md shadow-sm ring-1 ring-gray-300">
          {(Object.keys(LANGUAGE_LABELS) as Language[]).map((code) => (
            <Link
              key={code}
              to={`?lang=${code}${tab === 'hero' ? '' : `&tab=${tab}`}`}
              aria-current={code === lang ? 'page' : undefined}
              lang={code}
              className={`px-4 py-2 text-sm font-medium first:rounded-l-md last:rounded-r-md ${code === lang ? 'bg-blue-700 text-white' : 'bg-white text-gray-800 hover:bg-gray-50'}`}
            >
              {LANGUAGE_LABELS[code]}
            </Link>
          ))}
        </nav>
        {props.ownCopy ? null : (
          <p className="text-sm text-gray-600">No {LANGUAGE_LABELS[lang]} copy yet: the English copy is shown; saving creates it.</p>
        )}
      </div>

      <LandingDraftStatus lang={lang} tab={tab} version={props.version} draft={props.draft} mayPublish={props.mayPublish} />
      {props.ownCopy ? (
        <LandingRevisions lang={lang} saved={props.saved} restoredFrom={props.restoredFrom} onRestore={props.onRestore} />
      ) : null}

      <FormAlert
        errors={props.conflict ? form.errors : refused ? ['The content was not saved. Correct the fields marked below.'] : undefined}
        conflict={props.conflict}
      />

      <TabList
        label="Landing page sections"
        idPrefix="landing"
        items={LANDING_TABS.map((item) => ({
          id: item.key,
          to: `?lang=${lang}&tab=${item.key}`,
          label: tabHasError(errors, item.key) ? (
            <>
              {item.label}
              <span className="size-2 shrink-0 rounded-full bg-red-600" aria-hidden />
              <span className="sr-only">(has errors)</span>
            </>
          ) : (
            item.label
          ),
        }))}
        selected={tab}
        onSelect={setTab}
        panels
        stretch="phones"
        className="flex gap-1 border-b border-gray-200"
      />

      <Form method="post" {...getFormProps(form)} noValidate className="space-y-6">
        <input type="hidden" name="lang" value={lang} />
        <input type="hidden" name="version" value={props.version} />
        <input type="hidden" name="tab" value={tab} />

        <div id="landing-panel-hero" role="tabpanel" aria-labelledby="landing-tab-hero" hidden={tab !== 'hero'}>
          <Card title="Hero Section">
            <TextField field={hero.badge} label="Badge" fallback={defaults.badge} />
            <TextField field={hero.badgeText} label="Badge text" fallback={defaults.badgeText} />
            <TextField field={hero.title} label="Title" />
            <TextField field={hero.highlight} label="Highlighted word" fallback={defaults.highlight} />
            <TextField field={hero.subtitle} label="Subtitle" rows={3} />
            <TextField field={hero.cta} label="CTA Text" />
            <TextField field={hero.learnMore} label="Second link text" fallback={defaults.learnMore} />
            <ImageField
              name={hero.image.name}
              defaultValue={hero.image.initialValue ?? ''}
              labels={HERO_IMAGE_LABELS}
              error={hero.image.errors?.[0]}
            />
          </Card>
        </div>

        <div id="landing-panel-about" role="tabpanel" aria-labelledby="landing-tab-about" hidden={tab !== 'about'} className="space-y-6">
          <Card title="About Section">
            <TextField field={about.title} label="Title" />
            <TextField field={about.subtitle} label="Subtitle" />
            <TextField field={about.description} label="Description" rows={4} />
            <TextField field={about.founded} label="Founded line" fallback={defaults.founded} />
            <TextField field={about.valuesTitle} label="Values title" fallback={defaults.valuesTitle} />
          </Card>
          <Card title="Statistics">
            <div className="grid gap-4 sm:grid-cols-2">
              {about.stats.getFieldList().map((stat, i) => {
                const { label, value } = stat.getFieldset();
                return (
                  <fieldset key={stat.key} className="space-y-3 rounded-md border border-gray-200 p-3">
                    <legend className="px-1 text-sm font-semibold text-gray-900">Stat {i + 1}</legend>
                    <TextField field={label} label={`Stat ${i + 1} label`} />
                    <TextField field={value} label={`Stat ${i + 1} value`} />
                  </fieldset>
                );
              })}
            </div>
          </Card>
          <Card title="Values">
            <div className="grid gap-4 sm:grid-cols-2">
              {about.values.getFieldList().map((item, i) => {
                const { title, description } = item.getFieldset();
                return (
                  <fieldset key={item.key} className="space-y-3 rounded-md border border-gray-200 p-3">
                    <legend className="px-1 text-sm font-semibold text-gray-900">Value {i + 1}</legend>
                    <TextField field={title} label={`Value ${i + 1} title`} />
                    <TextField field={description} label={`Value ${i + 1} description`} rows={2} />
                  </fieldset>
                );
              })}
            </div>
          </Card>
        </div>

        <div
          id="landing-panel-services"
          role="tabpanel"
          aria-labelledby="landing-tab-services"
          hidden={tab !== 'services'}
          className="space-y-6"
        >
          <Card title="Services Section">
            <TextField field={services.title} label="Title" />
            <TextField field={services.subtitle} label="Subtitle" />
            <TextField field={services.description} label="Description" rows={3} />
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            {services.items.getFieldList().map((item, i) => {
              const service = item.getFieldset();
              return (
                <Card key={item.key} title={`Service ${i + 1}`}>
                  <TextField field={service.title} label={`Service ${i + 1} title`} />
                  <TextField field={service.description} label={`Service ${i + 1} description`} rows={2} />
                  {service.features.getFieldList().map((feature, f) => (
                    <TextField key={feature.key} field={feature} label={`Service ${i + 1} feature ${f + 1}`} />
                  ))}
                </Card>
              );
            })}
          </div>
        </div>

        <div id="landing-panel-contact" role="tabpanel" aria-labelledby="landing-tab-contact" hidden={tab !== 'contact'}>
          <Card title="Contact Section">
            <TextField field={contact.title} label="Title" fallback={defaults.contactTitle} />
            <TextField field={contact.formTitle} label="Form title" fallback={defaults.contactFormTitle} />
            <p className="text-sm text-gray-600">The description, address, e-mail and phone beside the form are set in Contact Settings.</p>
          </Card>
        </div>
      </Form>
    </AdminPage>
  );
}
