// SPDX-License-Identifier: MIT

/*
 * Settings → Notifications is drawn from the settings registry (shared/settings/command-entries.ts);
 * what is left here is the browser's side of it, which the section and start-notify.ts both read.
 */

/** Browser mode: whether this page may show notifications ('unsupported' where the API is missing). */
export type PagePermission = NotificationPermission | 'unsupported';

export const pagePermission = (): PagePermission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
