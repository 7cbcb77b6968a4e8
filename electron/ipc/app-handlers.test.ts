// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { appHandlers, type Notify } from './app-handlers';
import type { Client } from './router';

const deps = { host: 'electron' as const, version: '1', dataDir: '/tmp/x', notices: [] };

const clientRecording = () => {
  const events: Array<[string, unknown]> = [];
  const client: Client = { id: 'w1', emit: (channel, payload) => void events.push([channel, payload]), onClose: () => undefined };
  return { client, events };
};

describe('app:notify', () => {
  it('shows a notification once per command, and sends a click back to the window that asked', () => {
    const shown: Array<{ title: string; body: string; click: () => void }> = [];
    const notify: Notify = (note, onClick) => void shown.push({ ...note, click: onClick });
    const { send } = appHandlers({ ...deps, notify });
    const { client, events } = clientRecording();
    send['app:notify']({ title: '✓ make', body: 'Finished', tag: 's1:4' }, client);
    // A second window asking about the same command shows nothing more.
    send['app:notify']({ title: '✓ make', body: 'Finished', tag: 's1:4' }, clientRecording().client);
    expect(shown.map(({ title, body }) => ({ title, body }))).toEqual([{ title: '✓ make', body: 'Finished' }]);
    shown[0]!.click();
    expect(events).toEqual([['app:notification-clicked', { tag: 's1:4' }]]);
  });

  it('does nothing without a notifier (browser mode: the page notifies itself)', () => {
    const { send } = appHandlers({ ...deps, host: 'web' });
    const { client, events } = clientRecording();
    expect(() => send['app:notify']({ title: 't', body: '', tag: 's:1' }, client)).not.toThrow();
    expect(events).toEqual([]);
  });
});
