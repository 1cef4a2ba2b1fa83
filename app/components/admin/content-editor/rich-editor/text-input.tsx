import { inputClass } from '#app/components/ui/buttons.ts';
import { Field, fieldAria } from '#app/components/ui/field.tsx';

/**
 * A labelled text field of the editor's dialogs. The dialogs hold no <form> of their own (they sit inside the
 * editor's form in React's tree, where a submit would reach it), so Enter is handled here.
 */
export function TextInput(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onEnter: () => void;
  hint?: string;
  error?: string | undefined;
  type?: 'text' | 'search';
  autoFocus?: boolean;
}) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <input
        {...fieldAria(props.id, props.error, !!props.hint)}
        type={props.type ?? 'text'}
        value={props.value}
        autoFocus={props.autoFocus}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          props.onEnter();
        }}
        className={inputClass}
      />
    </Field>
  );
}
