import { Eye, EyeOff, Save } from 'lucide-react';
import { Link } from 'react-router';

import { primaryButton, secondaryButton } from '#app/components/ui/buttons.ts';

/** Cancel, the Preview / Exit Preview toggle and Save Changes (which submits `formId` and waits for a change). */
export function EditorButtons(props: {
  cancelTo: string;
  formId: string;
  previewing: boolean;
  onTogglePreview: () => void;
  canSave: boolean;
  saving: boolean;
}) {
  return (
    <>
      <Link to={props.cancelTo} className={secondaryButton}>
        Cancel
      </Link>
      <button type="button" className={secondaryButton} onClick={props.onTogglePreview} aria-pressed={props.previewing}>
        {props.previewing ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        {props.previewing ? 'Exit Preview' : 'Preview'}
      </button>
      <button type="submit" form={props.formId} className={primaryButton} disabled={!props.canSave || props.saving}>
        <Save className="size-4" aria-hidden />
        {props.saving ? 'Saving…' : 'Save Changes'}
      </button>
    </>
  );
}
