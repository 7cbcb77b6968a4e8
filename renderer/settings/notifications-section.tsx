// SPDX-License-Identifier: MIT
import { useEffect, useState } from 'react';
import { pagePermission, type NotificationsDraft, type PagePermission } from '../notify/notifications-form';
import { connection } from '../transport/api';
import { CheckField, TextField } from './field';
import type { SectionProps } from './section-props';

const PERMISSION_TEXT: Readonly<Record<PagePermission, string>> = {
  granted: 'Allowed: this page shows notifications.',
  default: 'Not allowed yet: only the tab marks show until you allow notifications.',
  denied: "Blocked: allow notifications for this site in the browser's site settings.",
  unsupported: 'This browser cannot show notifications from this page: only the tab marks show.',
};

/** Browser mode: the page's notification permission, and the button that asks for it (a click is required). */
const PagePermissionRow = () => {
  const [permission, setPermission] = useState<PagePermission>(pagePermission);
  useEffect(() => {
    // Changed in the browser's site settings while the page is open.
    let status: PermissionStatus | undefined;
    const changed = () => setPermission(pagePermission());
    void navigator.permissions
      ?.query({ name: 'notifications' })
      .then((s) => ((status = s), s.addEventListener('change', changed)))
      .catch(() => undefined);
    return () => status?.removeEventListener('change', changed);
  }, []);
  return (
    <div className="field-row">
      <button
        data-testid="notifications-allow"
        disabled={permission !== 'default'}
        onClick={() => void Notification.requestPermission().then(setPermission, () => setPermission(pagePermission()))}
      >
        Allow notifications
      </button>
      <span className="field-hint" role="status" data-testid="notifications-permission" data-permission={permission}>
        {PERMISSION_TEXT[permission]}
      </span>
    </div>
  );
};

/** Notice when work finishes: tab marks (✓ / ✗) and notifications for long commands that end unseen. */
export const NotificationsSection = ({ draft, errors, update }: SectionProps) => {
  const n = draft.notifications;
  const set = (patch: Partial<NotificationsDraft>) => update((d) => ({ ...d, notifications: { ...d.notifications, ...patch } }));
  return (
    <section className="settings-section" id="settings-notifications" aria-labelledby="settings-notifications-title">
      <h3 id="settings-notifications-title">Notifications</h3>
      <CheckField
        label="Mark the tab and notify when a long command finishes out of sight"
        checked={n.enabled}
        testId="notifications-enabled"
        onValue={(enabled) => set({ enabled })}
      />
      <div className="field-row">
        <TextField
          label="Long command (seconds)"
          hint="Commands that ran at least this long count"
          inputMode="numeric"
          value={n.minSeconds}
          error={errors['notifications.minSeconds']}
          data-testid="notifications-min-seconds"
          onValue={(minSeconds) => set({ minSeconds })}
        />
      </div>
      <CheckField
        label="Notify even while this window is in front (for commands in other tabs)"
        checked={n.whenFocused}
        testId="notifications-when-focused"
        onValue={(whenFocused) => set({ whenFocused })}
      />
      <p className="field-hint">
        A finished command marks its tab ✓ (exit 0) or ✗ until you open the tab; a notification comes when the window is in the
        background.
      </p>
      {connection.host === 'web' ? <PagePermissionRow /> : <p className="field-hint">Notifications go through your desktop&apos;s notification service.</p>}
    </section>
  );
};
