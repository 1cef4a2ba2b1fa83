import { Form } from 'react-router';

import { dangerButton, inputClass, secondaryButton } from '#app/components/ui/buttons.ts';
import { Card } from '#app/components/ui/field.tsx';

/** Data-protection requests by a commenter's e-mail: export everything stored about them, or erase their comments. */
export function PrivacyRequests() {
  return (
    <Card title="Privacy requests">
      <p className="text-sm text-gray-600">
        A commenter may ask for what the site stores about them, or for it to be erased. Sender addresses are erased automatically after the
        retention period (CONTACT_IP_RETENTION_DAYS, 30 days by default).
      </p>
      <div className="grid gap-6 md:grid-cols-2">
        <form method="get" action="/admin/comments/export.json" className="space-y-2" aria-label="Export a commenter's data">
          <label htmlFor="export-email" className="block text-sm font-medium text-gray-800">
            Export by e-mail
          </label>
          <input id="export-email" name="email" type="email" required className={inputClass} />
          <button type="submit" className={secondaryButton}>
            Export comments
          </button>
        </form>
        <Form method="post" className="space-y-2" aria-label="Erase a commenter's comments">
          <label htmlFor="erase-email" className="block text-sm font-medium text-gray-800">
            Erase by e-mail
          </label>
          <input id="erase-email" name="email" type="email" required className={inputClass} />
          <label className="flex items-start gap-2 text-sm text-gray-700">
            <input type="checkbox" name="confirm" required className="mt-0.5 size-4" />
            Every comment written with this e-mail is deleted permanently (replies by others stay).
          </label>
          <button type="submit" name="intent" value="erase" className={dangerButton}>
            Erase comments
          </button>
        </Form>
      </div>
    </Card>
  );
}
