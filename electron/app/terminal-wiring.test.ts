// SPDX-License-Identifier: MIT
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../shared/ipc/settings';
import type { Client } from '../ipc/router';
import { inProcessMirrors } from '../pty/screen-mirror';
import { FakePtyHost } from '../pty/testing/fake-pty-host';
import { Recorder } from '../recorder/recorder';
import type { Store } from '../store/store';
import { keptScreens } from './screen-keeper';
import { wireTerminals } from './terminal-wiring';

const memoryKv = () => {
  const values = new Map<string, string>();
  return { get: async (key: string) => values.get(key), set: async (key: string, value: string) => void values.set(key, value) };
};

const store = {
  closed: false,
  backlogBytes: 0,
  startSession: () => undefined,
  updateSession: () => undefined,
  endSession: () => undefined,
  appendChunk: () => undefined,
  skipOutput: () => undefined,
  dropRange: () => undefined,
  upsertCommand: () => undefined,
} as unknown as Store;

const settings = {
  current: {
    terminal: { shell: '/bin/sh', onExit: 'keep' },
    profiles: {
      list: [{ id: 'work', name: 'Work', command: '/bin/sh', args: [], cwd: '', env: {}, scheme: '', fontFamily: '', fontSize: 0 }],
      defaultId: null,
    },
  } as unknown as Settings,
};

const client: Client = { id: 'w1', emit: () => undefined, onClose: () => undefined };

const setup = () => {
  const host = new FakePtyHost();
  const kv = memoryKv();
  const recorder = new Recorder({ store, integrationDir: '/nonexistent', hostname: 'box' });
  const terminals = wireTerminals({
    settings,
    recorder,
    host,
    mirrors: inProcessMirrors,
    fallbackShell: () => '/bin/sh',
    kv,
    clients: new Set([client]),
    broadcast: () => undefined,
    log: () => undefined,
  });
  return { host, kv, recorder, terminals, invoke: terminals.handlers.invoke };
};

describe('wireTerminals', () => {
  let dispose: (() => void) | undefined;
  afterEach(() => dispose?.());

  it('opens terminals through pty:spawn and, once they are closed, keeps nothing for them', async () => {
    const { host, kv, recorder, terminals, invoke } = setup();
    dispose = terminals.dispose;
    const opened = [
      await invoke['pty:spawn']({ cols: 80, rows: 24, profileId: 'work' }, client),
      await invoke['pty:spawn']({ cols: 80, rows: 24, private: true }, client),
      await invoke['pty:spawn']({ cols: 80, rows: 24 }, client),
    ];
    expect(opened.map((info) => [info.profileId, info.recording])).toEqual([
      ['work', 'on'],
      [null, 'private'],
      [null, 'on'],
    ]);
    expect((await invoke['pty:recording']({ id: opened[0]!.id, paused: true }, client)).recording).toBe('paused');
    host.spawned[2]!.emit('on screen');
    await terminals.screens.flush();
    expect(Object.keys(await keptScreens(kv))).toEqual([opened[2]!.id]);
    // One exits first and stays open a while (the setting keeps it): its profile is still shown.
    host.spawned[0]!.finish({ exitCode: 0, signal: null });
    expect((await invoke['pty:list']({}, client)).map((info) => info.profileId)).toEqual(['work', null, null]);

    for (const { id } of opened) expect(await invoke['pty:kill']({ id }, client)).toEqual({ killed: true });

    expect(await invoke['pty:list']({}, client)).toEqual([]);
    for (const { id } of opened) {
      expect(terminals.launcher.profileOf(id)).toBeUndefined();
      expect(terminals.launcher.isPrivate(id)).toBe(false);
      expect(terminals.launcher.originOf(id)).toBeUndefined();
      expect(recorder.live(id)).toBeUndefined();
      // 'on' is what the recorder says of a terminal it holds nothing for (not 'paused', not 'private').
      expect(recorder.recording(id)).toBe('on');
    }
    expect(recorder.liveSessions()).toEqual([]);
    await terminals.screens.flush();
    expect(await keptScreens(kv)).toEqual({});
  });

  it('says a private terminal is private after its shell ended, and splits from it are private (pty:spawn from)', async () => {
    const { host, invoke, terminals } = setup();
    dispose = terminals.dispose;
    const secret = await invoke['pty:spawn']({ cols: 80, rows: 24, private: true }, client);
    const split = await invoke['pty:spawn']({ cols: 80, rows: 24, from: secret.id }, client);
    expect(split.recording).toBe('private');
    // The recorder forgets a session when its shell ends; a kept pane must not turn "recorded" on a reload.
    host.spawned[0]!.finish({ exitCode: 0, signal: null });
    expect((await invoke['pty:list']({}, client)).map((info) => [info.exited, info.recording])).toEqual([
      [true, 'private'],
      [false, 'private'],
    ]);
    // Its Restart (a split from the exited pane) is private too.
    expect((await invoke['pty:spawn']({ cols: 80, rows: 24, from: secret.id }, client)).recording).toBe('private');
    for (const { id } of await invoke['pty:list']({}, client)) await invoke['pty:kill']({ id }, client);
  });
});
