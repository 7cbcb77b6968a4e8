// SPDX-License-Identifier: MIT
import type { NotificationSettings } from '../../shared/ipc/notifications';

/** The Notifications settings as typed: the duration stays text until it is saved (and checked). */
export interface NotificationsDraft {
  readonly enabled: boolean;
  readonly minSeconds: string;
  readonly whenFocused: boolean;
}

export const notificationsDraftOf = (n: NotificationSettings): NotificationsDraft => ({
  enabled: n.enabled,
  minSeconds: String(n.minSeconds),
  whenFocused: n.whenFocused,
});

/** Text that is not a whole number becomes NaN, which the schema rejects with the field's own message. */
export const notificationsOf = (d: NotificationsDraft): NotificationSettings => ({
  enabled: d.enabled,
  minSeconds: d.minSeconds.trim() === '' ? Number.NaN : Number(d.minSeconds.trim()),
  whenFocused: d.whenFocused,
});

/** Browser mode: whether this page may show notifications ('unsupported' where the API is missing). */
export type PagePermission = NotificationPermission | 'unsupported';

export const pagePermission = (): PagePermission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
