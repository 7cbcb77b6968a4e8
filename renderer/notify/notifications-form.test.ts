// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { pagePermission } from './notifications-form';

describe('notifications form', () => {
  it('reports a missing Notification API as unsupported', () => {
    expect(pagePermission()).toBe('unsupported');
  });
});
