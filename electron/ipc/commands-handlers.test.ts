// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../shared/domain/command';
import { commandsChannels } from '../../shared/ipc/commands';
import { commandRecord } from '../../shared/testing/command-record';
import { commandsHandlers, type CommandsRecorder, type CommandsStore } from './commands-handlers';

const record = (overrides: Partial<CommandRecord>): CommandRecord =>
  commandRecord({
    sessionId: 's',
    seq: 1,
    commandLine: 'seq 1 3',
    cwd: '/tmp',
    shell: 'bash',
    startedAt: 1000,
    endedAt: 2000,
    exitCode: 0,
    ...overrides,
  });

/** A store holding one session's output stream, some of it missing, and the commands given. */
const fakeStore = (stream: string, commands: CommandRecord[], options: { missing?: [number, number]; open?: boolean } = {}) => {
  const bytes = Buffer.from(stream);
  let flushes = 0;
  const store = {
    flush: async () => void flushes++,
    commandsByIds: async (ids: readonly string[]) => commands.filter((c) => ids.includes(c.id)),
    readOutput: async (_session: string, start: number, end: number | null) => {
      const kept: number[] = [];
      for (let at = start; at < Math.min(end ?? bytes.length, bytes.length); at++) {
        if (options.missing && at >= options.missing[0] && at < options.missing[1]) continue;
        kept.push(bytes[at]!);
      }
      return Buffer.from(kept);
    },
    outputBytes: () => (options.open ? bytes.length : undefined),
  } as unknown as CommandsStore;
  return { store, flushes: () => flushes };
};

const recorder = { liveSessions: () => [], live: () => undefined } as unknown as CommandsRecorder;

const ask = async (store: CommandsStore, request: unknown, outputMaxBytes?: number) => {
  const handler = commandsHandlers(store, recorder, outputMaxBytes === undefined ? {} : { outputMaxBytes })['commands:output'];
  const parsed = commandsChannels['commands:output'].req.parse(request);
  const response = await handler(parsed, undefined as never);
  return commandsChannels['commands:output'].res.parse(response);
};

describe('commands:output', () => {
  const stream = 'prompt$ \x1b[32m1\x1b[0m\r\n2\r\n3\r\nprompt$ ';
  const start = 'prompt$ '.length;
  const end = stream.length - 'prompt$ '.length;

  it('answers the raw range of a finished command (ansi) and its cleaned text (plain)', async () => {
    const { store } = fakeStore(stream, [record({ outputStart: start, outputEnd: end })]);
    const ansi = await ask(store, { id: 's:1', format: 'ansi' });
    expect(ansi).toMatchObject({ text: '\x1b[32m1\x1b[0m\r\n2\r\n3\r\n', bytes: end - start, truncated: false });
    expect(ansi.command.id).toBe('s:1');
    const plain = await ask(store, { id: 's:1', format: 'plain' });
    expect(plain.text).toBe('1\n2\n3\n');
  });

  it('reads a running command up to what its session has appended, after a flush', async () => {
    const running = fakeStore(stream, [record({ outputStart: start, outputEnd: null, endedAt: null, exitCode: null })], { open: true });
    const result = await ask(running.store, { id: 's:1', format: 'plain' });
    expect(result.text).toBe('1\n2\n3\nprompt$ ');
    expect(running.flushes()).toBe(1);
  });

  it('says where output was not kept', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i}\r\n`).join('');
    const cutFrom = lines.indexOf('line 40');
    const cutTo = lines.indexOf('line 60');
    const { store } = fakeStore(lines, [record({ outputStart: 0, outputEnd: lines.length })], { missing: [cutFrom, cutTo] });
    const plain = (await ask(store, { id: 's:1', format: 'plain' })).text.split('\n');
    expect(plain.slice(39, 42)).toEqual(['line 39', `… ${cutTo - cutFrom} bytes not kept …`, 'line 60']);
    expect(plain).toHaveLength(100 - 20 + 1 + 1);
  });

  it('reads only the head and tail past the limit, and says so', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `${i}\n`).join('');
    const { store } = fakeStore(lines, [record({ outputStart: 0, outputEnd: lines.length })]);
    const result = await ask(store, { id: 's:1', format: 'plain' }, 100);
    expect(result.truncated).toBe(true);
    expect(result.bytes).toBe(lines.length);
    expect(result.text.startsWith('0\n1\n')).toBe(true);
    expect(result.text.endsWith('998\n999\n')).toBe(true);
    expect(result.text).toContain('not shown');
  });

  it('refuses an unknown command and a malformed request', async () => {
    const { store } = fakeStore(stream, []);
    await expect(ask(store, { id: 's:9', format: 'ansi' })).rejects.toMatchObject({ code: 'not-found' });
    const channel = commandsChannels['commands:output'].req;
    expect(channel.safeParse({ id: 's:1', format: 'html' }).success).toBe(false);
    expect(channel.safeParse({ id: 's:1' }).success).toBe(false);
    expect(channel.safeParse({ id: 's:1', format: 'ansi', extra: 1 }).success).toBe(false);
  });
});

describe('commands:quick-fixes', () => {
  const MINUTE = 60_000;
  const T = 1_800_000_000_000;
  const run = (sessionId: string, seq: number, commandLine: string, exitCode: number, startedAt: number): CommandRecord =>
    record({ sessionId, seq, commandLine, exitCode, cwd: '/repo', startedAt, endedAt: startedAt + 1000 });
  const failed = run('now', 1, 'npm run buidl', 1, T);
  const history = [run('old', 1, 'npm run buidl', 1, T - 3 * MINUTE), run('old', 2, 'npm run build', 0, T - 2 * MINUTE)];

  /** A store whose quick-fix read answers `found` and counts flushes before it. */
  const fixStore = (found: { failed: CommandRecord; history: CommandRecord[] } | undefined) => {
    const calls: string[] = [];
    const store = {
      flush: async () => void calls.push('flush'),
      quickFixHistory: async (id: string) => (calls.push(`read ${id}`), found),
      readCleanOutput: async () => undefined,
    } as unknown as CommandsStore;
    return { store, calls };
  };
  const quickFixes = async (store: CommandsStore, request: unknown, forgetPending?: (id: string) => boolean) => {
    const handler = commandsHandlers(store, recorder, forgetPending ? { forgetPending } : {})['commands:quick-fixes'];
    const response = await handler(commandsChannels['commands:quick-fixes'].req.parse(request), undefined as never);
    return commandsChannels['commands:quick-fixes'].res.parse(response);
  };

  it('offers the line that worked after the same failure, from history, after a flush', async () => {
    const { store, calls } = fixStore({ failed, history });
    expect(await quickFixes(store, { commandId: 'now:1' })).toEqual({
      fixes: [
        {
          commandLine: 'npm run build',
          source: 'history',
          kind: 'changed-argument',
          count: 1,
          lastUsedAt: T - 2 * MINUTE,
          origin: 'after-failure',
        },
      ],
    });
    expect(calls).toEqual(['flush', 'read now:1']);
  });

  it('has none for a command the store does not hold (a private terminal) or that succeeded', async () => {
    expect((await quickFixes(fixStore(undefined).store, { commandId: 'private:1' })).fixes).toEqual([]);
    const succeeded = { ...failed, exitCode: 0 };
    expect((await quickFixes(fixStore({ failed: succeeded, history }).store, { commandId: 'now:1' })).fixes).toEqual([]);
  });

  it('never offers a command whose forget is pending, nor answers for one', async () => {
    const pendingFix = fixStore({ failed, history });
    expect((await quickFixes(pendingFix.store, { commandId: 'now:1' }, (id) => id === 'old:2')).fixes).toEqual([]);
    const pendingFailure = fixStore({ failed, history });
    expect((await quickFixes(pendingFailure.store, { commandId: 'now:1' }, (id) => id === 'now:1')).fixes).toEqual([]);
    expect(pendingFailure.calls).toEqual([]);
  });
});

describe('commands:runs', () => {
  const runOf = (seq: number, exitCode: number) => record({ seq, exitCode, startedAt: 1000 * seq });
  const runsStore = (found: { command: CommandRecord; runs: CommandRecord[]; capped: boolean } | undefined) => {
    const calls: string[] = [];
    const store = {
      flush: async () => void calls.push('flush'),
      commandRuns: async (id: string, anywhere: boolean, limit: number) => (calls.push(`read ${id} ${anywhere} ${limit}`), found),
    } as unknown as CommandsStore;
    return { store, calls };
  };
  const runs = async (store: CommandsStore, request: unknown, forgetPending?: (id: string) => boolean) => {
    const handler = commandsHandlers(store, recorder, forgetPending ? { forgetPending } : {})['commands:runs'];
    const response = await handler(commandsChannels['commands:runs'].req.parse(request), undefined as never);
    return commandsChannels['commands:runs'].res.parse(response);
  };
  const found = { command: runOf(3, 1), runs: [runOf(3, 1), runOf(2, 0), runOf(1, 0)], capped: true };

  it('reads the runs after a flush, in its directory by default, up to 200', async () => {
    const { store, calls } = runsStore(found);
    const answer = await runs(store, { commandId: 's:3' });
    expect(answer.runs.map((run) => run.id)).toEqual(['s:3', 's:2', 's:1']);
    expect(answer.capped).toBe(true);
    expect(calls).toEqual(['flush', 'read s:3 false 200']);
    await runs(store, { commandId: 's:3', anywhere: true, limit: 5 });
    expect(calls.at(-1)).toBe('read s:3 true 5');
  });

  it('leaves out runs whose forget is pending, and refuses a pending or unknown command', async () => {
    expect((await runs(runsStore(found).store, { commandId: 's:3' }, (id) => id === 's:2')).runs.map((run) => run.id)).toEqual([
      's:3',
      's:1',
    ]);
    const pending = runsStore(found);
    await expect(runs(pending.store, { commandId: 's:3' }, (id) => id === 's:3')).rejects.toMatchObject({ code: 'not-found' });
    expect(pending.calls).toEqual([]);
    await expect(runs(runsStore(undefined).store, { commandId: 's:9' })).rejects.toMatchObject({ code: 'not-found' });
  });

  it('refuses malformed requests', () => {
    const channel = commandsChannels['commands:runs'].req;
    for (const bad of [
      { commandId: '' },
      { commandId: 's:1', limit: 201 },
      { commandId: 's:1', anywhere: 'yes' },
      { commandId: 's:1', extra: 1 },
    ]) {
      expect(channel.safeParse(bad).success).toBe(false);
    }
  });
});
