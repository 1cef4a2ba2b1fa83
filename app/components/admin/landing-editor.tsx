import { Save } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';

import { inputClass, primaryButton } from '#app/components/ui/buttons.ts';
import { Card, Field, fieldAria } from '#app/components/ui/field.tsx';
import type { Language } from '#app/i18n/languages.ts';
import type { LandingContent } from '#app/schemas/landing.ts';
import { LANDING_COUNTS } from '#app/schemas/landing-form.ts';

import { AdminPage } from './admin-page.tsx';
import { ImageField } from './image-field.tsx';

export const LANDING_TABS = [
  { key: 'hero', label: 'Hero Section' },
  { key: 'about', label: 'About Section' },
  { key: 'services', label: 'Services Section' },
] as const;
export type LandingTab = (typeof LANDING_TABS)[number]['key'];

const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', fr: 'Français' };
const FORM_ID = 'landing-content-form';
const range = (count: number) => Array.from({ length: count }, (_, index) => index);

type Errors = Record<string, string>;

/** The first tab holding an error, so a refused save shows the field at fault. */
const HERO_IMAGE_LABELS = {
  label: 'Hero Image URL',
  chooseLabel: 'Choose Image',
  removeLabel: 'Remove hero image',
  previewAlt: 'Hero image preview',
};

export function tabWithError(errors: Errors | undefined): LandingTab | undefined {
  return LANDING_TABS.find((tab) => Object.keys(errors ?? {}).some((name) => name.startsWith(`${tab.key}.`)))?.key;
}

function TextField(props: { name: string; label: string; value: string | undefined; errors?: Errors; rows?: number }) {
  const id = `landing-${props.name.replace(/[^\w]+/g, '-')}`;
  const error = props.errors?.[props.name];
  const common = { ...fieldAria(id, error), name: props.name, defaultValue: props.value ?? '', className: inputClass };
  return (
    <Field id={id} label={props.label} error={error}>
      {props.rows ? <textarea {...common} rows={props.rows} /> : <input {...common} type="text" />}
    </Field>
  );
}

/**
 * Spec 2.13 Content Management: the landing page's hero, about and services copy for one
 * language. All three tabs are one form (hidden tabs keep their fields), so one Save Changes
 * applies them all; it posts as a plain form, so it also works before the script loads.
 */
export function LandingEditor(props: { lang: Language; tab: LandingTab; content: LandingContent; ownCopy: boolean; errors?: Errors }) {
  const { content, errors, lang } = props;
  const [tab, setTab] = useState<LandingTab>(tabWithError(errors) ?? props.tab);
  const tabRefs = useRef<Record<string, HTMLAnchorElement | null>>({});
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST';

  useEffect(() => {
    const withError = tabWithError(errors);
    if (withError) setTab(withError);
  }, [errors]);

  const select = (key: LandingTab, focus = false) => {
    setTab(key);
    if (focus) tabRefs.current[key]?.focus();
  };
  // Arrow keys move between tabs, as the ARIA tabs pattern expects.
  const onTabKey = (event: KeyboardEvent) => {
    const index = LANDING_TABS.findIndex((item) => item.key === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    select(LANDING_TABS[(index + step + LANDING_TABS.length) % LANDING_TABS.length]!.key, true);
  };

  return (
    <AdminPage
      title="Content Management"
      subtitle="Edit the copy of the landing page's hero, about and services sections."
      actions={
        <button type="submit" form={FORM_ID} className={primaryButton} disabled={saving}>
          <Save className="size-4" aria-hidden />
          {saving ? 'Saving…' : 'Save Changes'}
        </button>
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

      {errors ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          The content was not saved. Correct the fields marked below.
        </div>
      ) : null}

      <div role="tablist" aria-label="Landing page sections" className="flex gap-1 border-b border-gray-200">
        {LANDING_TABS.map((item) => {
          const selected = item.key === tab;
          const hasError = Object.keys(errors ?? {}).some((name) => name.startsWith(`${item.key}.`));
          return (
            <a
              key={item.key}
              ref={(node) => {
                tabRefs.current[item.key] = node;
              }}
              id={`landing-tab-${item.key}`}
              href={`?lang=${lang}&tab=${item.key}`}
              role="tab"
              aria-selected={selected}
              aria-controls={`landing-panel-${item.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={(event) => {
                event.preventDefault();
                select(item.key);
              }}
              onKeyDown={onTabKey}
              className={`-mb-px flex flex-1 items-center justify-center gap-1.5 border-b-2 px-2 py-2 text-center text-sm font-medium sm:flex-none sm:px-4 ${selected ? 'border-blue-700 text-blue-800' : 'border-transparent text-gray-700 hover:text-gray-900'}`}
            >
              {item.label}
              {hasError ? (
                <>
                  <span className="size-2 shrink-0 rounded-full bg-red-600" aria-hidden />
                  <span className="sr-only">(has errors)</span>
                </>
              ) : null}
            </a>
          );
        })}
      </div>

      <Form key={lang} id={FORM_ID} method="post" className="space-y-6">
        <input type="hidden" name="lang" value={lang} />
        <input type="hidden" name="tab" value={tab} />

        <div id="landing-panel-hero" role="tabpanel" aria-labelledby="landing-tab-hero" hidden={tab !== 'hero'}>
          <Card title="Hero Section">
            <TextField name="hero.title" label="Title" value={content.hero.title} errors={errors} />
            <TextField name="hero.subtitle" label="Subtitle" value={content.hero.subtitle} errors={errors} rows={3} />
            <TextField name="hero.cta" label="CTA Text" value={content.hero.cta} errors={errors} />
            <ImageField name="hero.image" defaultValue={content.hero.image} labels={HERO_IMAGE_LABELS} error={errors?.['hero.image']} />
          </Card>
        </div>

        <div id="landing-panel-about" role="tabpanel" aria-labelledby="landing-tab-about" hidden={tab !== 'about'} className="space-y-6">
          <Card title="About Section">
            <TextField name="about.title" label="Title" value={content.about.title} errors={errors} />
            <TextField name="about.subtitle" label="Subtitle" value={content.about.subtitle} errors={errors} />
            <TextField name="about.description" label="Description" value={content.about.description} errors={errors} rows={4} />
          </Card>
          <Card title="Statistics">
            <div className="grid gap-4 sm:grid-cols-2">
              {range(LANDING_COUNTS.stats).map((i) => (
                <fieldset key={i} className="space-y-3 rounded-md border border-gray-200 p-3">
                  <legend className="px-1 text-sm font-semibold text-gray-900">Stat {i + 1}</legend>
                  <TextField
                    name={`about.stats[${i}].label`}
                    label={`Stat ${i + 1} label`}
                    value={content.about.stats[i]?.label}
                    errors={errors}
                  />
                  <TextField
                    name={`about.stats[${i}].value`}
                    label={`Stat ${i + 1} value`}
                    value={content.about.stats[i]?.value}
                    errors={errors}
                  />
                </fieldset>
              ))}
            </div>
          </Card>
          <Card title="Values">
            <div className="grid gap-4 sm:grid-cols-2">
              {range(LANDING_COUNTS.values).map((i) => (
                <fieldset key={i} className="space-y-3 rounded-md border border-gray-200 p-3">
                  <legend className="px-1 text-sm font-semibold text-gray-900">Value {i + 1}</legend>
                  <TextField
                    name={`about.values[${i}].title`}
                    label={`Value ${i + 1} title`}
                    value={content.about.values[i]?.title}
                    errors={errors}
                  />
                  <TextField
                    name={`about.values[${i}].description`}
                    label={`Value ${i + 1} description`}
                    value={content.about.values[i]?.description}
                    errors={errors}
                    rows={2}
                  />
                </fieldset>
              ))}
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
            <TextField name="services.title" label="Title" value={content.services.title} errors={errors} />
            <TextField name="services.subtitle" label="Subtitle" value={content.services.subtitle} errors={errors} />
            <TextField name="services.description" label="Description" value={content.services.description} errors={errors} rows={3} />
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            {range(LANDING_COUNTS.services).map((i) => {
              const service = content.services.items[i];
              return (
                <Card key={i} title={`Service ${i + 1}`}>
                  <TextField name={`services.items[${i}].title`} label={`Service ${i + 1} title`} value={service?.title} errors={errors} />
                  <TextField
                    name={`services.items[${i}].description`}
                    label={`Service ${i + 1} description`}
                    value={service?.description}
                    errors={errors}
                    rows={2}
                  />
                  {range(LANDING_COUNTS.features).map((f) => (
                    <TextField
                      key={f}
                      name={`services.items[${i}].features[${f}]`}
                      label={`Service ${i + 1} feature ${f + 1}`}
                      value={service?.features[f]}
                      errors={errors}
                    />
                  ))}
                </Card>
              );
            })}
          </div>
        </div>
      </Form>
    </AdminPage>
  );
}
