// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../shared/domain/command';
import type { Store } from '../store/store';
import { formatMark, type MarkKind } from '../segmenter/testing/format-mark';
import { Segmenter } from '../segmenter/segmenter';
import { SessionRecorder } from './session-recorder';

const LOCAL = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const REMOTE = 'Qfeedc0ffee0123456789abcdef01234';
const ID = 'c0123456789abcdef01234567';
const mark = (kind: MarkKind, arg?: string | number, nonce = LOCAL) => formatMark(kind, nonce, arg);
const osc = (payload: string, signer: string) => `\x1b]${payload};${signer}\x07`;

/** A session recorder whose ssh responder always integrates, over a store that keeps the last version of each record. */
const session = () => {
  const commands = new Map<string, CommandRecord>();
  const store = {
    closed: false,
    backlogBytes: 0,
    updateSession: () => undefined,
    endSession: () => undefined,
    appendChunk: () => undefined,
    skipOutput: () => undefined,
    upsertCommand: (r: CommandRecord) => commands.set(r.id, r),
  };
  const patches: unknown[] = [];
  const tap = new SessionRecorder({
    sessionId: 's',
    shell: 'bash',
    hostname: 'laptop',
    cwd: '/home/me',
    store: store as unknown as Store,
    segmenter: new Segmenter({ nonce: LOCAL }),
    events: { command: () => undefined, session: (patch) => patches.push(patch) },
    ssh: { answer: () => REMOTE, started: () => undefined, unanswered: () => undefined },
  });
  const feed = (text: string) => tap.output(Buffer.from(text));
  // `ssh box` at the local prompt, the login banner, the remote's request, then the remote's first prompt.
  feed(
    `${mark('P', 'Cwd=/home/me')}${mark('A')}$ ${mark('B')}ssh box\r\n${mark('E', 'ssh box')}${mark('C')}${osc(`633;S;${ID};box`, LOCAL)}`,
  );
  feed(`Welcome to box\r\n${osc('633;R;/bin/zsh;alice', ID)}`);
  feed(`${mark('P', 'Cwd=/home/alice', REMOTE)}${mark('P', 'Hostname=box', REMOTE)}${mark('P', 'User=alice', REMOTE)}`);
  const remoteCommand = (line: string, output: string, code: number) =>
    feed(
      `${mark('A', undefined, REMOTE)}% ${mark('B', undefined, REMOTE)}${line}\r\n${mark('E', line, REMOTE)}${mark('C', undefined, REMOTE)}${output}${mark('D', code, REMOTE)}`,
    );
  const exit = () =>
    feed(
      `${mark('A', undefined, REMOTE)}% ${mark('B', undefined, REMOTE)}exit\r\n${mark('E', 'exit', REMOTE)}${mark('C', undefined, REMOTE)}logout\r\n${mark('D', 0)}${mark('A')}$ `,
    );
  const records = () => [...commands.values()];
  return { tap, feed, remoteCommand, exit, records, patches };
};

describe('SessionRecorder: a remote shell over ssh', () => {
  it('records remote commands with their origin, keeps the ssh record to its banner, and goes back to local', () => {
    const s = session();
    s.remoteCommand('make', 'built\r\n', 2);
    s.exit();
    const [ssh, make, exit] = s.records();
    expect(ssh).toMatchObject({ commandLine: 'ssh box', exitCode: 0, cwd: '/home/me' });
    expect(ssh?.remote).toBeUndefined();
    expect(ssh!.outputEnd! - ssh!.outputStart).toBe('Welcome to box\r\n'.length);
    expect(make).toMatchObject({
      commandLine: 'make',
      exitCode: 2,
      cwd: '/home/alice',
      hostname: 'box',
      remote: { host: 'box', user: 'alice' },
    });
    expect(exit).toMatchObject({ commandLine: 'exit', exitCode: null, remote: { host: 'box' } });
    // The remote cwd never became the session's (restore and "new tab here" are local).
    expect(s.patches).not.toContainEqual({ cwd: '/home/alice' });
  });

  it('stores a remote command line with its controls as Control Pictures, never raw', () => {
    const s = session();
    // Issue 38: a hostile host's line held ESC[201~ and a CR, which later broke out of a bracketed paste.
    s.remoteCommand('npm test\x1b[201~\rtouch canary\x07 \x9b2J \u202eexe', 'ok\r\n', 0);
    s.remoteCommand('for f in *\ndo\techo "$f"\ndone', '', 0);
    s.exit();
    const [, forged, loop] = s.records();
    expect(forged?.commandLine).toBe('npm test␛[201~␍touch canary␇ ␛[2J ⟨U+202E⟩exe');
    // A several-line command keeps its line breaks and tabs (the input gate asks before typing those).
    expect(loop?.commandLine).toBe('for f in *\ndo\techo "$f"\ndone');
  });

  it('does not bring back a forgotten ssh record when the remote shell ends', () => {
    const s = session();
    s.tap.forget(new Set(['s:1']), false);
    s.remoteCommand('ls', 'a\r\n', 0);
    s.exit();
    expect(s.records().find((r) => r.commandLine === 'ssh box')).toMatchObject({ endedAt: null });
    expect(s.records().map((r) => r.commandLine)).toEqual(['ssh box', 'ls', 'exit']);
  });

  it('ends the ssh record as interrupted when recording stops under the remote shell', () => {
    const s = session();
    s.tap.interruptRunning();
    s.exit();
    expect(s.records()[0]).toMatchObject({ commandLine: 'ssh box', interrupted: true, exitCode: null });
    expect(s.records()[0]!.outputEnd! - s.records()[0]!.outputStart).toBe('Welcome to box\r\n'.length);
  });

  it('keeps the whole session in the ssh record when the remote shell never starts its integration', () => {
    const { store, commands } = (() => {
      const commands = new Map<string, CommandRecord>();
      const store = {
        closed: false,
        backlogBytes: 0,
        updateSession: () => undefined,
        endSession: () => undefined,
        appendChunk: () => undefined,
        skipOutput: () => undefined,
        upsertCommand: (r: CommandRecord) => commands.set(r.id, r),
      };
      return { store: store as unknown as Store, commands };
    })();
    const started: unknown[] = [];
    const tap = new SessionRecorder({
      sessionId: 's',
      shell: 'bash',
      hostname: 'laptop',
      cwd: '/home/me',
      store,
      segmenter: new Segmenter({ nonce: LOCAL }),
      events: { command: () => undefined, session: () => undefined },
      ssh: { answer: () => REMOTE, started: (request) => started.push(request), unanswered: () => undefined },
    });
    tap.output(Buffer.from(`${mark('A')}$ ${mark('B')}ssh box\r\n${mark('E', 'ssh box')}${mark('C')}${osc(`633;S;${ID};box`, LOCAL)}`));
    // Its .bashrc ran `exec /bin/sh`: the answer was sent, but no mark of the remote shell ever comes.
    tap.output(Buffer.from(`${osc('633;R;/bin/bash;alice', ID)}sh-5.2$ ls\r\nfile\r\nsh-5.2$ exit\r\n`));
    tap.output(Buffer.from(`${mark('D', 0)}${mark('A')}$ `));
    const [ssh] = [...commands.values()];
    expect(commands.size).toBe(1);
    expect(ssh).toMatchObject({ commandLine: 'ssh box', exitCode: 0 });
    expect(ssh!.outputEnd! - ssh!.outputStart).toBe('sh-5.2$ ls\r\nfile\r\nsh-5.2$ exit\r\n'.length);
    expect(started).toEqual([]);
  });
});
