import { useRef, useState } from 'react';
import { Form, Link } from 'react-router';

import { rowAction } from '#app/components/ui/buttons.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';

/** One row action posted to the list's own action (trash, restore, delete…), confirmed first when `confirm` is given. */
export function RowActionButton(props: {
  intent: string;
  id: string;
  label: string;
  itemTitle: string;
  confirm?: { title: string; message: string };
  className?: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  return (
    <Form method="post" ref={formRef} className="inline">
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="intent" value={props.intent} />
      <button
        type={props.confirm ? 'button' : 'submit'}
        onClick={props.confirm ? () => setAsking(true) : undefined}
        className={`${rowAction} ${props.className ?? ''}`}
        aria-label={`${props.label}: ${props.itemTitle}`}
      >
        {props.label}
      </button>
      {props.confirm ? (
        <ConfirmDialog
          open={asking}
          title={props.confirm.title}
          message={props.confirm.message}
          confirmLabel={props.label}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            formRef.current?.requestSubmit();
          }}
        />
      ) : null}
    </Form>
  );
}

/** A row's Delete: red, and always asked first (the spec's confirmations). */
export function DeleteRowButton(props: { id: string; itemTitle: string; label?: string; confirm: { title: string; message: string } }) {
  return <RowActionButton intent="delete" label="Delete" className="text-red-700" {...props} />;
}

/** A row's Edit link, named for the row it edits. */
export function EditRowLink(props: { to: string; itemTitle: string }) {
  return (
    <Link to={props.to} className={`${rowAction} text-blue-800`} aria-label={`Edit: ${props.itemTitle}`}>
      Edit
    </Link>
  );
}
