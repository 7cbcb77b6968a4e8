// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { NotificationSettings } from '../../shared/ipc/notifications';
import { notificationsDraftOf, notificationsOf, pagePermission } from './notifications-form';

describe('notifications form', () => {
  it('round-trips the settings through the draft', () => {
    const settings = { enabled: true, minSeconds: 10, whenFocused: false };
    expect(notificationsDraftOf(settings)).toEqual({ enabled: true, minSeconds: '10', whenFocused: false });
    expect(notificationsOf(notificationsDraftOf(settings))).toEqual(settings);
  });

  it('turns a bad duration into a value the schema rejects with its own message', () => {
    for (const minSeconds of ['', 'soon', '1.5', '0']) {
      const parsed = NotificationSettings.safeParse(notificationsOf({ enabled: true, minSeconds, whenFocused: false }));
      expect(parsed.success, minSeconds).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/whole number of seconds/);
    }
    expect(notificationsOf({ enabled: false, minSeconds: ' 3 ', whenFocused: true })).toEqual({ enabled: false, minSeconds: 3, whenFocused: true });
  });

  it('reports a missing Notification API as unsupported', () => {
    expect(pagePermission()).toBe('unsupported');
  });
});
