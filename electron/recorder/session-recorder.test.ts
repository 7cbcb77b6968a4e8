// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../shared/domain/command';
import type { PtyProcess } from '../pty/types';
import type { Store } from '../store/store';
import { formatMark } from '../segmenter/testing/format-mark';
import { Segmenter } from '../segmenter/segmenter';
import { CommandExclusion } from './exclusion';
import { Recorder } from './recorder';
import { SessionRecorder } from './session-recorder';

/** The store calls the recorder makes, keeping the last version of each command. */
const fakeStore = () => {
  const commands = new Map<string, CommandRecord>();
  const store = {
    closed: false,
    backlogBytes: 0,
    startSession: () => undefined,
    updateSession: () => undefined,
    endSession: () => undefined,
    appendChunk: () => undefined,
    upsertCommand: (record: CommandRecord) => commands.set(record.id, record),
  };
  return { store: store as unknown as Store, commands };
};

/** A session of `program` started in /home/u, through the Recorder as the pty manager drives it. */
const open = (program: string) => {
  const { store, commands } = fakeStore();
  const recorder = new Recorder({ store, integrationDir: '/nonexistent', hostname: 'box' });
  const launch = recorder.launch('t1', { cols: 80, rows: 24, shell: program }, {});
  const pty = { id: 't1', pid: 1, shell: launch.shell, cwd: '/home/u', cols: 80, rows: 24 } as unknown as PtyProcess;
  const tap = recorder.tapFor(pty)!;
  return { tap, commands: () => [...commands.values()] };
};

const typeLines = (tap: ReturnType<typeof open>['tap'], lines: string[]): void => {
  tap.output(Buffer.from('$ '));
  for (const line of lines) {
    tap.input(Buffer.from(`${line}\r`));
    tap.output(Buffer.from(`${line}\r\n$ `));
  }
  tap.input(Buffer.from('x'));
};

describe('Recorder: where heuristic commands ran', () => {
  it("records a local shell's start directory until a command may have left it, then no cwd", () => {
    const { tap, commands } = open('/bin/sh');
    typeLines(tap, ['ls', 'cd /tmp', 'pwd']);
    expect(commands().map(({ commandLine, cwd, hostname }) => ({ commandLine, cwd, hostname }))).toEqual([
      { commandLine: 'ls', cwd: '/home/u', hostname: 'box' },
      { commandLine: 'cd /tmp', cwd: '/home/u', hostname: 'box' },
      { commandLine: 'pwd', cwd: null, hostname: 'box' },
    ]);
  });

  it('records neither directory nor host for a program that is not a local shell (ssh host)', () => {
    const { tap, commands } = open('/usr/bin/ssh');
    typeLines(tap, ['ls']);
    expect(commands()[0]).toMatchObject({ commandLine: 'ls', cwd: null, hostname: null });
  });
});

describe('SessionRecorder: a command line completed at the command end', () => {
  it('stores the whole line the end mark carried', () => {
    const { store, commands } = fakeStore();
    const nonce = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const mark = (kind: 'A' | 'B' | 'C' | 'D' | 'E', arg?: string | number) => formatMark(kind, nonce, arg);
    const tap = new SessionRecorder({
      sessionId: 's',
      shell: 'bash',
      hostname: 'box',
      cwd: '/home/u',
      store,
      segmenter: new Segmenter({ nonce }),
      events: { command: () => undefined, session: () => undefined },
    });
    tap.output(Buffer.from(`${mark('A')}$ ${mark('B')}echo one\r\n${mark('E', 'echo one')}${mark('C')}one\r\ntwo\r\n`));
    tap.output(Buffer.from(`${mark('E', 'echo one\necho two')}${mark('D', 0)}${mark('A')}$ `));
    expect([...commands.values()]).toEqual([expect.objectContaining({ commandLine: 'echo one\necho two', exitCode: 0, outputEnd: 22 })]);
  });
});

describe('SessionRecorder: a command that ends the shell (issue 21)', () => {
  const nonce = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const mark = (kind: 'A' | 'B' | 'C' | 'D' | 'E', arg?: string | number) => formatMark(kind, nonce, arg);
  const session = () => {
    const { store, commands } = fakeStore();
    const events: CommandRecord[] = [];
    const tap = new SessionRecorder({
      sessionId: 's',
      shell: 'bash',
      hostname: 'box',
      cwd: '/home/u',
      store,
      segmenter: new Segmenter({ nonce }),
      events: { command: (record) => events.push(record), session: () => undefined },
    });
    return { tap, commands, events };
  };

  it('marks `exit`, still running when the shell exited, as having ended the shell', () => {
    const { tap, commands, events } = session();
    tap.output(Buffer.from(`${mark('A')}$ ${mark('B')}exit\r\n${mark('E', 'exit')}${mark('C')}exit\r\n`));
    tap.end({ exitCode: 0 } as never);
    const record = [...commands.values()].find((c) => c.commandLine === 'exit');
    expect(record).toMatchObject({ exitCode: null, endedShell: true });
    expect(events.at(-1)).toMatchObject({ commandLine: 'exit', endedShell: true });
  });

  it('does not mark a command that reported its own exit status', () => {
    const { tap, commands } = session();
    tap.output(Buffer.from(`${mark('A')}$ ${mark('B')}false\r\n${mark('E', 'false')}${mark('C')}${mark('D', 1)}${mark('A')}$ `));
    tap.end({ exitCode: 0 } as never);
    expect([...commands.values()][0]).toMatchObject({ exitCode: 1 });
    expect([...commands.values()][0]!.endedShell).toBeUndefined();
  });
});

describe('SessionRecorder: a private session knows its prompt and keeps nothing', () => {
  it('says when its shell waits at a prompt, with no record, event or byte for the store', () => {
    const { store, commands } = fakeStore();
    const appended: number[] = [];
    const nonce = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const mark = (kind: 'A' | 'B' | 'C' | 'D' | 'E', arg?: string | number) => formatMark(kind, nonce, arg);
    const events: CommandRecord[] = [];
    const tap = new SessionRecorder({
      sessionId: 's',
      shell: 'bash',
      hostname: 'box',
      cwd: '/home/u',
      store: { ...store, appendChunk: (_s: string, direction: number) => void appended.push(direction) } as unknown as Store,
      segmenter: new Segmenter({ nonce }),
      recording: 'private',
      events: { command: (record) => events.push(record), session: () => undefined },
    });
    expect(tap.atPrompt).toBe(false);
    tap.output(Buffer.from(`${mark('A')}$ `));
    expect(tap.atPrompt).toBe(true);
    tap.output(Buffer.from(`${mark('B')}ls\r\n${mark('E', 'ls')}${mark('C')}a b\r\n`));
    expect(tap.atPrompt).toBe(false);
    tap.output(Buffer.from(`${mark('D', 0)}${mark('A')}$ `));
    expect(tap.atPrompt).toBe(true);
    expect([commands.size, events.length, appended.length]).toEqual([0, 0, 0]);
  });
});

describe("SessionRecorder: the shell's history rules", () => {
  const nonce = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const mark = (kind: 'A' | 'B' | 'C' | 'D' | 'E' | 'P', arg?: string | number) => formatMark(kind, nonce, arg);
  /** One prompt cycle; `reported` is the line the shell's hook saw (a framework's: trimmed, or the previous entry). */
  const turn = (typed: string, reported: string | null) =>
    `${mark('P', 'HistControl=ignoreboth')}${mark('P', 'HistIgnore=&')}${mark('A')}$ ${mark('B')}${typed}\r\n${reported === null ? '' : mark('E', reported)}${mark('C')}out\r\n${mark('D', 0)}`;

  it('judges the line as typed, tells who excluded one, and takes no excluded line for the previous one', () => {
    const { store, commands } = fakeStore();
    let excluded = 0;
    const exclusion = new CommandExclusion();
    exclusion.update({ ignoreSpace: true, excludePatterns: [] });
    const tap = new SessionRecorder({
      sessionId: 's',
      shell: 'bash',
      hostname: 'box',
      cwd: '/home/u',
      store: { ...store, dropRange: () => undefined, skipOutput: () => undefined } as unknown as Store,
      segmenter: new Segmenter({ nonce }),
      excludes: exclusion.excludes,
      events: { command: () => undefined, session: () => undefined, excluded: () => void excluded++ },
    });
    tap.output(Buffer.from(turn('make', 'make')));
    // bash-it's hook reads the previous history entry when bash dropped the line: the echo tells.
    tap.output(Buffer.from(turn(' echo secret', 'make')));
    // `&` is the previous line bash kept: `make` (the excluded line was never in its history).
    tap.output(Buffer.from(turn('make', 'make')));
    tap.output(Buffer.from(turn('ls', null)));
    expect([...commands.values()].map((c) => c.commandLine)).toEqual(['make', 'ls']);
    expect(excluded).toBe(2);
  });
});

describe('SessionRecorder: a command timed by the shell (OSC 133;D;<exit>;<ms>)', () => {
  const nonce = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const mark = (kind: 'A' | 'B' | 'C' | 'D' | 'E', arg?: string | number) => formatMark(kind, nonce, arg);
  /** Marks read at `clock.now`: a busy app reads a command's start and end together, late. */
  const session = () => {
    const { store, commands } = fakeStore();
    const clock = { now: 1_000 };
    const segmenter = new Segmenter({ nonce, now: () => clock.now });
    const tap = new SessionRecorder({
      sessionId: 's',
      shell: 'fish',
      hostname: 'box',
      cwd: '/home/u',
      store,
      segmenter,
      now: () => clock.now,
      events: { command: () => undefined, session: () => undefined },
    });
    return { tap, clock, commands: () => [...commands.values()] };
  };

  it("takes the shell's duration for a start and end read at once, ending where the end was read", () => {
    const { tap, clock, commands } = session();
    tap.output(Buffer.from(`${mark('A')}$ ${mark('B')}`));
    clock.now = 5_000;
    tap.output(Buffer.from(`${mark('E', 'sleep 0.2')}${mark('C')}${mark('D', '3;203')}${mark('A')}$ `));
    expect(commands()).toEqual([expect.objectContaining({ commandLine: 'sleep 0.2', exitCode: 3, startedAt: 4_797, endedAt: 5_000 })]);
  });

  it('keeps a start read on time and ends it by the duration when the end was read late', () => {
    const { tap, clock, commands } = session();
    tap.output(Buffer.from(`${mark('A')}$ ${mark('B')}${mark('E', 'make')}${mark('C')}`));
    clock.now = 9_000;
    tap.output(Buffer.from(`${mark('D', '0;1500')}${mark('A')}$ `));
    expect(commands()[0]).toMatchObject({ exitCode: 0, startedAt: 1_000, endedAt: 2_500 });
  });

  it("takes the difference of the shell's clocks in the start and end marks (bash, zsh: µs since the epoch)", () => {
    const { tap, clock, commands } = session();
    tap.output(Buffer.from(`${mark('A')}$ ${mark('B')}`));
    clock.now = 5_000;
    tap.output(Buffer.from(`${mark('E', 'sleep 0.2')}${mark('C', '1796694632918651')}${mark('D', '0;;1796694633120651')}${mark('A')}$ `));
    expect(commands()[0]).toMatchObject({ exitCode: 0, startedAt: 4_798, endedAt: 5_000 });
  });

  it('times by its own stamps an end mark with no duration (an older script or shell)', () => {
    const { tap, clock, commands } = session();
    tap.output(Buffer.from(`${mark('A')}$ ${mark('B')}${mark('E', 'make')}${mark('C')}`));
    clock.now = 1_700;
    tap.output(Buffer.from(`${mark('D', 2)}${mark('A')}$ `));
    expect(commands()[0]).toMatchObject({ exitCode: 2, startedAt: 1_000, endedAt: 1_700 });
  });
});
