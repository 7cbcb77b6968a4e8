// SPDX-License-Identifier: MIT
import { useEffect, useState } from 'react';
import { pagePermission, type PagePermission } from '../../notify/notifications-form';
import { connection } from '../../transport/api';

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

/** Where notifications go: the page's permission in browser mode, the desktop's service otherwise. */
export const NotificationPermission = () =>
  connection.host === 'web' ? (
    <PagePermissionRow />
  ) : (
    <p className="field-hint">Notifications go through your desktop&apos;s notification service.</p>
  );
