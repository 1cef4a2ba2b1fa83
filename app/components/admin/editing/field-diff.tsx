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

/**
 * What differs between two copies of an item (docs/product.md, "Revisions"): text fields word by word, inline
 * (removed words struck through in red, added words underlined in green), the other fields as a plain list.
 */
export function FieldsDiff(props: { before: FormFields; after: FormFields; categoryNames?: Record<string, string> }) {
  const changed = differingFields(props.before, props.after);
  if (changed.length === 0) return <p className="text-sm text-gray-700">No differences with the current version.</p>;
  const texts = changed.filter((name) => TEXT_FIELDS.has(name));
  const others = changed.filter((name) => !TEXT_FIELDS.has(name));
  const names = props.categoryNames ?? {};
  return (
    <div className="space-y-3 text-sm">
      {texts.map((name) => (
        <div key={name}>
          <h4 className="font-medium text-gray-900">{fieldLabel(name)}</h4>
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
              {fieldLabel(name)}: {shown(name, props.before[name], names)} → {shown(name, props.after[name], names)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
