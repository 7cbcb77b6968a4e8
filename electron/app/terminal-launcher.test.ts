// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/settings/profile-schema';
import { PtyManager } from '../pty/pty-manager';
import { FakePtyHost } from '../pty/testing/fake-pty-host';
import type { PtyHost, PtyProcess, SpawnOptions } from '../pty/types';
import { Recorder } from '../recorder/recorder';
import type { Store } from '../store/store';
import { opensPrivate, terminalLauncher } from './terminal-launcher';

/** The store calls a recorder makes for a session, counted. */
const fakeStore = () => {
  const started: string[] = [];
  const store = {
    closed: false,
    backlogBytes: 0,
    startSession: (info: { id: string }) => void started.push(info.id),
    updateSession: () => undefined,
    endSession: () => undefined,
    appendChunk: () => undefined,
    skipOutput: () => undefined,
    upsertCommand: () => undefined,
  };
  return { store: store as unknown as Store, started };
};

const profile: Profile = {
  id: 'work',
  name: 'Work',
  command: '/bin/sh',
  args: [],
  cwd: '',
  env: { WORK: '1' },
  scheme: '',
  fontFamily: '',
  fontSize: 0,
};

const setup = (host: PtyHost = new FakePtyHost()) => {
  const { store, started } = fakeStore();
  const recorder = new Recorder({ store, integrationDir: '/nonexistent', hostname: 'box' });
  const ptys = new PtyManager(host, recorder.tapFor);
  const settings = {
    current: { terminal: { shell: '', loginShell: 'platform' as const }, profiles: { list: [profile], defaultId: null } },
  };
  const launcher = terminalLauncher({ settings, fallbackShell: () => '/bin/sh', env: () => ({ BASE: '1' }), recorder, ptys });
  return { launcher, recorder, ptys, started, settings };
};

/** A pty as the pty manager would hand it to the recorder for a tap. */
const ptyNamed = (id: string) => ({ id, pid: 1, shell: '/bin/sh', cwd: '/', cols: 80, rows: 24 }) as unknown as PtyProcess;

describe('terminalLauncher', () => {
  it('starts the pty under the id the recorder prepared: its session is recorded from the first byte', () => {
    const host = new FakePtyHost();
    const { launcher, recorder, started } = setup(host);
    const pty = launcher.open({ cols: 90, rows: 20 });
    expect(host.spawned.map((p) => p.id)).toEqual([pty.id]);
    expect(started).toEqual([pty.id]);
    expect(recorder.live(pty.id)?.shell).toBe('sh');
    expect([pty.cols, pty.rows]).toEqual([90, 20]);
    const secret = launcher.open({ cols: 80, rows: 24, private: true });
    expect(recorder.recording(secret.id)).toBe('private');
    expect(started).toEqual([pty.id]);
  });

  it('runs the shell Settings names, else the fallback, and a profile with its environment over the base one', () => {
    const spawned: SpawnOptions[] = [];
    const fake = new FakePtyHost();
    const { launcher, settings } = setup({ spawn: (id, options) => (spawned.push(options), fake.spawn(id, options)) });
    launcher.open({ cols: 80, rows: 24 });
    // Any program will do as the shell here (one without integration needs no nonce file).
    settings.current.terminal.shell = '/bin/cat';
    launcher.open({ cols: 80, rows: 24 });
    const work = launcher.open({ cols: 80, rows: 24, profileId: 'work' });
    expect(spawned.map((s) => s.shell)).toEqual(['/bin/sh', '/bin/cat', '/bin/sh']);
    expect(spawned[1]?.env).toEqual({ BASE: '1' });
    expect(spawned[2]?.env).toEqual({ BASE: '1', WORK: '1' });
    expect(launcher.profileOf(work.id)).toBe('work');
    expect(() => launcher.open({ cols: 80, rows: 24, profileId: 'gone' })).toThrow(/no profile "gone"/);
  });

  it("keeps a terminal's profile while it is open and forgets it when it closes", async () => {
    const { launcher, ptys } = setup();
    const work = launcher.open({ cols: 80, rows: 24, profileId: 'work' });
    const plain = launcher.open({ cols: 80, rows: 24 });
    expect([launcher.profileOf(work.id), launcher.profileOf(plain.id)]).toEqual(['work', undefined]);
    // An exit alone keeps it (the pane may stay open, still showing its profile).
    (work as unknown as { finish(exit: { exitCode: number; signal: null }): void }).finish({ exitCode: 0, signal: null });
    expect(launcher.profileOf(work.id)).toBe('work');
    await ptys.kill(work.id);
    expect(launcher.profileOf(work.id)).toBeUndefined();
  });

  it("leaves nothing behind when the pty cannot start: the recorder's launch is undone", () => {
    const tried: string[] = [];
    const { launcher, recorder, started } = setup({
      spawn: (id) => {
        tried.push(id);
        throw new Error('posix_spawnp failed');
      },
    });
    expect(() => launcher.open({ cols: 80, rows: 24, profileId: 'work', private: true })).toThrow('posix_spawnp failed');
    expect(tried).toHaveLength(1);
    // A prepared launch would still be waiting for this id's tap (and make a session of it).
    expect(recorder.tapFor(ptyNamed(tried[0]!))).toBeUndefined();
    expect(launcher.profileOf(tried[0]!)).toBeUndefined();
    expect(started).toEqual([]);
  });

  it('makes a terminal opened from a private one private, whatever the request says, down the whole lineage', () => {
    const { launcher, recorder, started } = setup();
    const plain = launcher.open({ cols: 80, rows: 24 });
    const secret = launcher.open({ cols: 80, rows: 24, private: true });
    // A split that forgot to ask for privacy (the red team's case), and its own split in turn.
    const split = launcher.open({ cols: 80, rows: 24, from: secret.id });
    const splitOfSplit = launcher.open({ cols: 80, rows: 24, from: split.id, private: false });
    const beside = launcher.open({ cols: 80, rows: 24, from: plain.id });
    expect([split, splitOfSplit].map((pty) => recorder.recording(pty.id))).toEqual(['private', 'private']);
    expect([split, splitOfSplit].map((pty) => launcher.isPrivate(pty.id))).toEqual([true, true]);
    expect(recorder.recording(beside.id)).toBe('on');
    expect(launcher.isPrivate(beside.id)).toBe(false);
    // Only the recorded ones ever reached the store.
    expect(started).toEqual([plain.id, beside.id]);
    expect([launcher.originOf(split.id), launcher.originOf(splitOfSplit.id), launcher.originOf(plain.id)]).toEqual([
      secret.id,
      split.id,
      undefined,
    ]);
    // Asking for privacy from a recorded terminal still gets it.
    expect(launcher.isPrivate(launcher.open({ cols: 80, rows: 24, from: plain.id, private: true }).id)).toBe(true);
  });

  it('remembers a private terminal after its shell ended, until it is closed: a Restart from it is private too', async () => {
    const { launcher, recorder, ptys } = setup();
    const secret = launcher.open({ cols: 80, rows: 24, private: true });
    (secret as unknown as { finish(exit: { exitCode: number; signal: null }): void }).finish({ exitCode: 0, signal: null });
    expect(launcher.isPrivate(secret.id)).toBe(true);
    const restarted = launcher.open({ cols: 80, rows: 24, from: secret.id });
    expect(recorder.recording(restarted.id)).toBe('private');
    await ptys.kill(secret.id);
    expect(launcher.isPrivate(secret.id)).toBe(false);
    // Opened from a terminal that is gone: it may have been private, so nothing opens.
    expect(() => launcher.open({ cols: 80, rows: 24, from: secret.id })).toThrow(expect.objectContaining({ name: 'OriginGoneError' }));
  });

  it('decides privacy from the request and the origin alone (the rule, without ptys)', () => {
    const privateOnes = new Set(['p']);
    const origin = { isOpen: (id: string) => id !== 'gone', isPrivate: (id: string) => privateOnes.has(id) };
    expect(opensPrivate({}, origin)).toBe(false);
    expect(opensPrivate({ private: true }, origin)).toBe(true);
    expect(opensPrivate({ from: 'p' }, origin)).toBe(true);
    expect(opensPrivate({ from: 'p', private: false }, origin)).toBe(true);
    expect(opensPrivate({ from: 'r' }, origin)).toBe(false);
    expect(() => opensPrivate({ from: 'gone', private: true }, origin)).toThrow(expect.objectContaining({ name: 'OriginGoneError' }));
  });
});
