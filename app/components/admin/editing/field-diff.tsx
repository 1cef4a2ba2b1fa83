import { diffWords } from 'diff';

import { fieldLabel, TEXT_FIELDS } from '#app/lib/revision-fields.ts';

import { differingFields, type FormFields, listOf, textOf } from './form-fields.ts';

/** How a value reads in the list of other fields: category ids as names, an empty value as "(empty)". */
function shown(name: string, value: string | string[] | undefined, names: Record<string, string>): string {
  if (name === 'categories')
    return (
      listOf(value)
        .map((id) => names[id] ?? 'a deleted category')
        .join(', ') || '(none)'
    );
  return textOf(value) || '(empty)';
}

/** Which fields a diff compares, how it names them and which it compares word by word (pages' and posts' by default). */
export interface DiffFields {
  names?: readonly string[];
  labelOf?: (name: string) => string;
  isText?: (name: string) => boolean;
}

/**
 * What differs between two copies of an item (docs/product.md, "Revisions"): text fields word by word, inline
 * (removed words struck through in red, added words underlined in green), the other fields as a plain list.
 */
export function FieldsDiff(props: { before: FormFields; after: FormFields; categoryNames?: Record<string, string>; fields?: DiffFields }) {
  const { names, labelOf = fieldLabel, isText = (name: string) => TEXT_FIELDS.has(name) } = props.fields ?? {};
  const changed = differingFields(props.before, props.after, names);
  if (changed.length === 0) return <p className="text-sm text-gray-700">No differences with the current version.</p>;
  const texts = changed.filter(isText);
  const others = changed.filter((name) => !isText(name));
  const categories = props.categoryNames ?? {};
  return (
    <div className="space-y-3 text-sm">
      {texts.map((name) => (
        <div key={name}>
          <h4 className="font-medium text-gray-900">{labelOf(name)}</h4>
          <p className="mt-1 max-h-64 overflow-auto rounded border border-gray-200 bg-gray-50 p-2 break-words whitespace-pre-wrap">
            {diffWords(textOf(props.before[name]), textOf(props.after[name])).map((part, index) =>
              part.added ? (
                <ins key={index} className="bg-green-100 text-green-900">
                  {part.value}
                </ins>
              ) : part.removed ? (
                <del key={index} className="bg-red-100 text-red-900">
                  {part.value}
                </del>
              ) : (
                <span key={index}>{part.value}</span>
              ),
            )}
          </p>
        </div>
      ))}
      {others.length ? (
        <ul className="list-disc space-y-1 pl-5">
          {others.map((name) => (
            <li key={name}>
              {labelOf(name)}: {shown(name, props.before[name], categories)} → {shown(name, props.after[name], categories)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
