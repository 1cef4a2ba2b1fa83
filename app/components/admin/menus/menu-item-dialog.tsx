import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react';
import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';

import { inputClass, primaryButton, secondaryButton } from '#app/components/ui/buttons.ts';
import { Field } from '#app/components/ui/field.tsx';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { Modal } from '#app/components/ui/modal.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import type { Language } from '#app/i18n/languages.ts';
import { MENU_ANCHORS, menuItemSchema, type MenuLinkType, type MenuLocation } from '#app/schemas/menu.ts';
import type { AdminMenuItem } from '#app/services/menus/menu-items.server.ts';

import type { MenuReply } from './menu-screen.tsx';

const LINK_TYPES: { value: MenuLinkType; label: string }[] = [
  { value: 'url', label: 'Web address' },
  { value: 'page', label: 'Page' },
  { value: 'post', label: 'Blog post' },
  { value: 'anchor', label: 'Landing page section' },
];
const ANCHOR_LABELS: Record<(typeof MENU_ANCHORS)[number], string> = {
  home: 'Home',
  about: 'About',
  services: 'Services',
  contact: 'Contact',
};

interface Target {
  id: string;
  title: string;
  path: string;
  status: string;
}

/** The search list of pages or posts a page/post link is chosen from. */
function TargetPicker({
  kind,
  name,
  selected,
  error,
  errorId,
}: {
  kind: 'page' | 'post';
  name: string;
  selected: { id: string; title: string } | null;
  error?: string;
  errorId: string;
}) {
  const search = useFetcher<{ kind: string; targets: Target[] }>();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState(selected?.id ?? '');
  const { load } = search;
  useEffect(() => {
    const timer = setTimeout(() => load(`/admin/menu/targets?type=${kind}&q=${encodeURIComponent(query)}`), query ? 250 : 0);
    return () => clearTimeout(timer);
  }, [kind, query, load]);
  const noun = kind === 'page' ? 'pages' : 'posts';
  const targets = search.data?.kind === kind ? search.data.targets : [];
  // The current target stays choosable even when the search no longer lists it.
  const shown =
    selected && !targets.some((target) => target.id === selected.id) && selected.id === chosen
      ? [{ ...selected, path: '', status: '' }, ...targets]
      : targets;
  const id = `menu-target-search`;
  return (
    <div className="space-y-2">
      <Field id={id} label={kind === 'page' ? 'Search pages' : 'Search posts'}>
        <input
          id={id}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={`Search ${noun} by title…`}
          className={inputClass}
          autoComplete="off"
        />
      </Field>
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="sr-only">{kind === 'page' ? 'Page' : 'Post'}</legend>
        <ul className="max-h-48 overflow-y-auto rounded-md ring-1 ring-gray-200" aria-busy={search.state === 'loading'}>
          {shown.length === 0 ? (
            <li className="px-3 py-2 text-sm text-gray-600">{search.state === 'idle' ? `No ${noun} found.` : 'Searching…'}</li>
          ) : null}
          {shown.map((target) => (
            <li key={target.id}>
              <label className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm hover:bg-gray-50">
                <input type="radio" name={name} value={target.id} checked={chosen === target.id} onChange={() => setChosen(target.id)} />
                <span className="min-w-0 flex-1 truncate">{target.title}</span>
                {target.path ? <span className="truncate text-xs text-gray-600">{target.path}</span> : null}
                {target.status && target.status !== 'published' ? (
                  <span className="rounded bg-yellow-100 px-1.5 text-xs text-yellow-900">{target.status}</span>
                ) : null}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Add or edit one menu item: titles in English and French, a typed link, and (header) its parent. Conform with
 * `menuItemSchema`: the schema's messages show on submit without a round trip, and the server reads the form
 * with the same schema; what only the database knows (the page exists, the parent is top-level) comes back.
 */
/** The site's default language's name, and its other languages: a title field for each. */
export interface MenuLanguages {
  default: string;
  others: { code: Language; label: string }[];
}

export function MenuItemDialog(props: {
  location: MenuLocation;
  languages: MenuLanguages;
  item: AdminMenuItem | null;
  parents: Pick<AdminMenuItem, 'id' | 'title'>[];
  hasChildren: boolean;
  onClose: () => void;
}) {
  const { item, location } = props;
  const fetcher = useFetcher<MenuReply>();
  const [linkType, setLinkType] = useState<MenuLinkType>(item?.linkType ?? 'url');
  const reply = fetcher.data;
  const [form, fields] = useSchemaForm(menuItemSchema, {
    id: `menu-item-${item?.id ?? 'new'}`,
    lastResult: reply && !reply.ok ? reply.result : undefined,
    defaultValue: {
      title: item?.title ?? '',
      titles: item?.titles ?? {},
      anchor: item?.linkType === 'anchor' ? item.path.slice(1) : 'home',
      url: item?.linkType === 'url' ? item.path : '',
      parentId: item?.parentId ?? '',
    },
    coerce: false,
  });
  const { onClose } = props;
  useEffect(() => {
    if (reply?.ok && fetcher.state === 'idle') onClose();
  }, [reply, fetcher.state, onClose]);
  const error = (field: { errors?: string[] }) => field.errors?.[0];
  const titles = fields.titles.getFieldset();
  return (
    <Modal open onOpenChange={(open) => (open ? undefined : props.onClose())} title={item ? 'Edit Menu Item' : 'Add Menu Item'}>
      <fetcher.Form method="post" action="/admin/menu" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={item ? 'update' : 'create'} />
        <input type="hidden" name="location" value={location} />
        {item ? <input type="hidden" name="id" value={item.id} /> : null}
        {item ? <input type="hidden" name="version" value={item.version} /> : null}
        <FormAlert errors={form.errors} conflict={false} />
        <Field id={fields.title.id} label="Title" error={error(fields.title)}>
          <input {...getInputProps(fields.title, { type: 'text' })} className={inputClass} autoComplete="off" />
        </Field>
        {props.languages.others.map(({ code, label }) => {
          const field = titles[code];
          return (
            <Field
              key={code}
              id={field.id}
              label={`Title (${label})`}
              error={error(field)}
              hint={`Leave empty to show the ${props.languages.default} title to ${label} visitors.`}
            >
              <input
                {...getInputProps(field, { type: 'text', ariaDescribedBy: field.descriptionId })}
                className={inputClass}
                autoComplete="off"
              />
            </Field>
          );
        })}
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-gray-800">Link to</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {LINK_TYPES.map((type) => (
              <label key={type.value} className="inline-flex items-center gap-2 text-sm text-gray-800">
                <input
                  type="radio"
                  name={fields.linkType.name}
                  value={type.value}
                  checked={linkType === type.value}
                  onChange={() => setLinkType(type.value)}
                />
                {type.label}
              </label>
            ))}
          </div>
        </fieldset>
        {linkType === 'page' || linkType === 'post' ? (
          <TargetPicker
            key={linkType}
            kind={linkType}
            name={fields.targetId.name}
            selected={
              item && item.linkType === linkType && item.targetId ? { id: item.targetId, title: item.targetTitle ?? item.title } : null
            }
            error={error(fields.targetId)}
            errorId={fields.targetId.errorId}
          />
        ) : null}
        {linkType === 'anchor' ? (
          <Field
            id={fields.anchor.id}
            label="Section"
            error={error(fields.anchor)}
            hint="On the landing page the link scrolls to the section; elsewhere it opens the landing page there."
          >
            <select {...getSelectProps(fields.anchor, { ariaDescribedBy: fields.anchor.descriptionId })} className={inputClass}>
              {MENU_ANCHORS.map((anchor) => (
                <option key={anchor} value={anchor}>
                  {ANCHOR_LABELS[anchor]} (#{anchor})
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        {linkType === 'url' ? (
          <Field
            id={fields.url.id}
            label="Path or URL"
            error={error(fields.url)}
            hint="A path of this site such as /blog, or an http, https, mailto or tel address."
          >
            <input
              {...getInputProps(fields.url, { type: 'text', ariaDescribedBy: fields.url.descriptionId })}
              placeholder="https://example.com"
              className={inputClass}
              autoComplete="off"
            />
          </Field>
        ) : null}
        {location === 'header' ? (
          <Field
            id={fields.parentId.id}
            label="Parent item"
            error={error(fields.parentId)}
            hint={
              props.hasChildren
                ? 'This item holds sub-items, so it stays at the top level.'
                : 'A sub-item appears in its parent’s dropdown.'
            }
          >
            <select
              {...getSelectProps(fields.parentId, { ariaDescribedBy: fields.parentId.descriptionId })}
              disabled={props.hasChildren}
              className={inputClass}
            >
              <option value="">None (top level)</option>
              {props.parents.map((parent) => (
                <option key={parent.id} value={parent.id}>
                  {parent.title}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        <div className="flex justify-end gap-3 pt-2">
          <button type="button" className={secondaryButton} onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={fetcher.state !== 'idle'}>
            {fetcher.state !== 'idle' ? 'Saving…' : item ? 'Save Changes' : 'Add Item'}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
