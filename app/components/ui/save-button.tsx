import { Save } from 'lucide-react';
import { useNavigation } from 'react-router';

import { primaryButton } from './buttons.ts';

/**
 * The submit button of an admin form: shows 'Saving…' while its form's submission is in flight.
 * `disabled` lets a form wait for a change before it can be saved.
 */
export function SaveButton(props: { form?: string; label?: string; disabled?: boolean; name?: string; value?: string }) {
  const navigation = useNavigation();
  const saving =
    navigation.state === 'submitting' && (props.value === undefined || navigation.formData?.get(props.name ?? 'intent') === props.value);
  return (
    <button
      type="submit"
      form={props.form}
      name={props.name}
      value={props.value}
      className={primaryButton}
      disabled={props.disabled || saving}
    >
      <Save className="size-4" aria-hidden />
      {saving ? 'Saving…' : (props.label ?? 'Save Changes')}
    </button>
  );
}
