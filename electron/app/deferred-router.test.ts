// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { Client, Router } from '../ipc/router';
import { deferredRouter } from './create-core';

const client: Client = { id: 'c1', emit: () => undefined, onClose: () => undefined };

/** A router that records what reached it, in order. */
const recording = () => {
  const seen: string[] = [];
  const router: Router = {
    invoke: async (_client, channel) => {
      seen.push(`invoke ${String(channel)}`);
      return { ok: true, value: String(channel) } as never;
    },
    send: (_client, channel) => void seen.push(`send ${String(channel)}`),
  };
  return { seen, router };
};

describe('deferredRouter', () => {
  it('holds requests until the core is ready, then passes them on in the order they came', async () => {
    const { seen, router } = recording();
    let ready!: (router: Router) => void;
    const deferred = deferredRouter(new Promise((resolve) => (ready = resolve)));
    const first = deferred.invoke(client, 'pty:spawn', {});
    deferred.send(client, 'pty:input', {});
    const second = deferred.invoke(client, 'pty:list', {});
    expect(seen).toEqual([]);
    ready(router);
    expect(await Promise.all([first, second])).toEqual([
      { ok: true, value: 'pty:spawn' },
      { ok: true, value: 'pty:list' },
    ]);
    deferred.send(client, 'pty:resize', {});
    expect(seen).toEqual(['invoke pty:spawn', 'send pty:input', 'invoke pty:list', 'send pty:resize']);
  });

  it('calls the real router at once when it is ready, without waiting a turn', async () => {
    const { seen, router } = recording();
    const ready = Promise.resolve(router);
    const deferred = deferredRouter(ready);
    await ready;
    deferred.send(client, 'pty:ack', {});
    expect(seen).toEqual(['send pty:ack']);
  });

  it('fails the requests that waited for a core that could not start', async () => {
    const deferred = deferredRouter(Promise.reject(new Error('newer database')));
    await expect(deferred.invoke(client, 'pty:list', {})).rejects.toThrow('newer database');
    expect(() => deferred.send(client, 'pty:input', {})).not.toThrow();
  });
});
