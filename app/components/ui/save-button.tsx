import { Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigation } from 'react-router';

import { primaryButton, secondaryButton } from './buttons.ts';

/**
 * The submit button of an admin form: shows 'Saving…' (or `pendingLabel`) while its form's submission is in
 * flight. `disabled` lets a form wait for a change before it can be saved; `icon` and `className` fit a button
 * that does something else than save (Create Token, Turn off).
 */
export function SaveButton(props: {
  form?: string;
  label?: string;
  pendingLabel?: string;
  icon?: ReactNode;
  className?: string;
  disabled?: boolean;
  name?: string;
  value?: string;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === 'submitting' && (props.value === undefined || navigation.formData?.get(props.name ?? 'intent') === props.value);
  return (
    <button
      type="submit"
      form={props.form}
      name={props.name}
      value={props.value}
      className={props.className ?? primaryButton}
      disabled={props.disabled || saving}
    >
      {props.icon === undefined ? <Save className="size-4" aria-hidden /> : props.icon}
      {saving ? (props.pendingLabel ?? 'Saving…') : (props.label ?? 'Save Changes')}
    </button>
  );
}

/** The foot of a form screen: save it, or go back to `cancelTo` without saving. */
export function SaveOrCancel(props: { label: string; cancelTo: string }) {
  return (
    <div className="flex flex-wrap gap-3">
      <SaveButton label={props.label} />
      <Link to={props.cancelTo} className={secondaryButton}>
        Cancel
      </Link>
    </div>
  );
}
