import { KeyRound, ScrollText, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { secondaryButton } from '#app/components/ui/buttons.ts';
import { Card } from '#app/components/ui/field.tsx';

const FEATURES = [
  { label: 'Enable 2FA', description: 'Two-factor authentication for admin accounts.', Icon: ShieldCheck },
  { label: 'Manage Keys', description: 'API keys for outside services.', Icon: KeyRound },
];

/** Spec 2.10's Security tab. These features are not built: their buttons say so rather than pretend. */
export function SecuritySettings() {
  return (
    <Card title="Security">
      <ul className="divide-y divide-gray-200">
        {FEATURES.map(({ label, description, Icon }) => (
          <li key={label} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="text-sm font-medium text-gray-900">{label}</p>
              <p className="text-sm text-gray-600">{description}</p>
            </div>
            <div className="flex items-center gap-3">
              <span id={`unavailable-${label.replace(/\W+/g, '-').toLowerCase()}`} className="text-xs text-gray-600">
                Not available yet
              </span>
              <button type="button" disabled aria-describedby={`unavailable-${label.replace(/\W+/g, '-').toLowerCase()}`} className={secondaryButton}>
                <Icon className="size-4" aria-hidden />
                {label}
              </button>
            </div>
          </li>
        ))}
        <li className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div>
            <p className="text-sm font-medium text-gray-900">View Logs</p>
            <p className="text-sm text-gray-600">Sign-ins, security changes, settings and content events.</p>
          </div>
          <Link to="/admin/settings/audit" className={secondaryButton}>
            <ScrollText className="size-4" aria-hidden />
            View Logs
          </Link>
        </li>
      </ul>
      <p className="flex items-center gap-2 rounded-md bg-green-50 p-3 text-sm text-green-800">
        <ShieldCheck className="size-4 shrink-0" aria-hidden />
        SSL Certificate: your SSL certificate is valid.
      </p>
    </Card>
  );
}
