// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { InMemoryCommandSource } from '../testing/in-memory-command-source';
import { commandRecord } from '../../../shared/testing/command-record';
import { buildSessionContext, buildSessionsContext, cleanOutputReader, RecentCommands, recordedOutputReader } from './recent-commands';
import type { CommandRecord, StreamEntry, StreamReader } from '../domain/ports';

const out = (text: string | Uint8Array): StreamEntry => ({ timestampMs: 1000, direction: 1, data: text });
const input = (text: string): StreamEntry => ({ timestampMs: 1000, direction: 0, data: text });

/** Every command reads the same entries, like the seed's mock. */
const reader = (entries: StreamEntry[]): StreamReader => ({ readCommandOutput: () => entries });
const perCommand = (outputs: Record<string, StreamEntry[]>): StreamReader => ({
  readCommandOutput: (command) => outputs[command.id] ?? [],
});

const cmd = (seq: number, commandLine: string | null, sessionId = 'sess'): CommandRecord =>
  commandRecord({ sessionId, seq, commandLine, startedAt: 1000 + seq * 100, endedAt: 1050 + seq * 100 });

describe('RecentCommands', () => {
  const strategy = new RecentCommands();

  it('builds an empty string from no commands', async () => {
    expect(await strategy.build([], reader([]))).toBe('');
  });

  it('renders one command with short output as `$ cmd\\noutput`', async () => {
    expect(await strategy.build([cmd(0, 'ls')], reader([out('file1.txt\nfile2.txt\n')]))).toBe('$ ls\nfile1.txt\nfile2.txt');
  });

  it('marks a command the assistant ran, so a later answer knows it ran it', async () => {
    const ran = { ...cmd(1, 'git status'), ranBy: 'assistant' as const };
    expect(await strategy.build([cmd(0, 'ls'), ran], reader([]))).toBe('$ ls\n\n$ git status   # run by the assistant');
  });

  it('notes each record id when asked (the engine does, so answers can cite them)', async () => {
    const withIds = new RecentCommands({ withIds: true });
    const ran = { ...cmd(1, 'git status'), ranBy: 'assistant' as const };
    expect(await withIds.build([cmd(0, 'ls'), ran], reader([]))).toBe(
      '$ ls   # id sess:0\n\n$ git status   # id sess:1, run by the assistant',
    );
  });

  it('cuts 30 lines to the first 10, a marker and the last 10', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i}\n`).join('');
    const result = await strategy.build([cmd(0, 'long-cmd')], reader([out(lines)]));
    expect(result).toContain('$ long-cmd');
    for (const kept of ['line 0', 'line 9', 'line 20', 'line 29']) expect(result).toContain(kept);
    expect(result).toContain('... (10 lines omitted) ...');
    expect(result).not.toContain('line 10\n');
    expect(result).not.toContain('line 19');
  });

  it('keeps only the last 10 of 15 commands', async () => {
    const cmds = Array.from({ length: 15 }, (_, i) => cmd(i, `cmd${i}`));
    const result = await strategy.build(cmds, reader([out('out\n')]));
    expect(result).not.toContain('$ cmd0\n');
    expect(result).not.toContain('$ cmd4\n');
    expect(result).toContain('$ cmd5\n');
    expect(result).toContain('$ cmd14\n');
    expect(result.match(/^\$ /gm)).toHaveLength(10);
  });

  it('uses output (direction 1) only', async () => {
    const result = await strategy.build([cmd(0, 'ls')], reader([input('ls\r'), out('file1.txt\n')]));
    expect(result).toBe('$ ls\nfile1.txt');
    expect(result).not.toContain('ls\r');
  });

  it('shows (unknown) for a missing command line', async () => {
    expect(await strategy.build([cmd(0, null)], reader([out('output\n')]))).toContain('$ (unknown)');
  });
});

describe('RecentCommands, beyond the seed', () => {
  const strategy = new RecentCommands();

  it('renders a command without output as just `$ cmd` and joins blocks with a blank line', async () => {
    const result = await strategy.build([cmd(0, 'true'), cmd(1, 'echo hi')], perCommand({ 'sess:1': [out('hi\n')] }));
    expect(result).toBe('$ true\n\n$ echo hi\nhi');
  });

  it('strips colours, shell-integration marks and hyperlinks', async () => {
    const raw = '\x1b]133;C\x07\x1b[1;31merror\x1b[0m: \x1b]8;;https://x.test\x1b\\link\x1b]8;;\x1b\\\n\x1b]133;D;1\x07';
    expect(await strategy.build([cmd(0, 'make')], reader([out(raw)]))).toBe('$ make\nerror: link');
  });

  it('drops blank and whitespace-only lines, handles CRLF and collapses progress-bar overwrites', async () => {
    const raw = 'a\r\n\r\n   \r\nprogress 10%\rprogress 55%\rprogress 100%\r\nabcdef\rXY\n';
    expect(await strategy.build([cmd(0, 'x')], reader([out(raw)]))).toBe('$ x\na\nprogress 100%\nXYcdef');
  });

  it('keeps exactly 20 lines and cuts 21 with a one-line marker', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `l${i}`).join('\n');
    expect(await strategy.build([cmd(0, 'a')], reader([out(lines(20))]))).not.toContain('omitted');
    expect(await strategy.build([cmd(0, 'a')], reader([out(lines(21))]))).toContain('... (1 lines omitted) ...');
  });

  it('takes its numbers from options', async () => {
    const small = new RecentCommands({ maxCommands: 2, maxLines: 4, headLines: 1, tailLines: 2 });
    const cmds = [cmd(0, 'a'), cmd(1, 'b'), cmd(2, 'c')];
    const result = await small.build(cmds, reader([out('1\n2\n3\n4\n5\n6\n')]));
    expect(result).toBe('$ b\n1\n... (3 lines omitted) ...\n5\n6\n\n$ c\n1\n... (3 lines omitted) ...\n5\n6');
  });

  it('decodes a UTF-8 character split across two chunks', async () => {
    const bytes = Buffer.from('naïve ✓\n');
    const split = bytes.indexOf(0xe2) + 1;
    const result = await strategy.build([cmd(0, 'x')], reader([out(bytes.subarray(0, split)), out(bytes.subarray(split))]));
    expect(result).toBe('$ x\nnaïve ✓');
  });

  it('returns one block per command with its omitted-line count', async () => {
    const blocks = await strategy.blocks([cmd(0, 'seq 25')], reader([out(Array.from({ length: 25 }, (_, i) => `${i}`).join('\n'))]));
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.omittedLines).toBe(5);
  });
});

describe('per-session and all-sessions context', () => {
  it('puts each non-empty session under a header and skips empty or unreadable sessions', async () => {
    const outputs: Record<string, StreamEntry[]> = { 'a:0': [out('A\n')], 'c:0': [out('C\n')] };
    const failing: StreamReader = {
      readCommandOutput: (command) => {
        if (command.sessionId === 'broken') throw new Error('stream damaged');
        return outputs[command.id] ?? [];
      },
    };
    const result = await buildSessionsContext(
      [
        { sessionId: 'a', commands: [cmd(0, 'echo A', 'a')] },
        { sessionId: 'empty', commands: [] },
        { sessionId: 'broken', commands: [cmd(0, 'x', 'broken')] },
        { sessionId: 'c', commands: [cmd(0, 'echo C', 'c')] },
      ],
      new RecentCommands(),
      failing,
    );
    expect(result).toBe('=== Session a ===\n$ echo A\nA\n\n=== Session c ===\n$ echo C\nC');
  });

  it('reads a session from a command source through its cached clean output', async () => {
    const source = new InMemoryCommandSource(() => 10_000);
    for (let i = 0; i < 12; i++) source.addCommand(cmd(i, `step ${i}`, 's1'), i % 2 ? `result ${i}\n` : '');
    const text = await buildSessionContext(source, 's1', new RecentCommands(), cleanOutputReader(source));
    expect(text.startsWith('$ step 2\n\n$ step 3\nresult 3')).toBe(true);
    expect(text.endsWith('$ step 11\nresult 11')).toBe(true);
  });

  it('reads recorded bytes for a finished command and at most maxBytes for a running one', async () => {
    const calls: Array<[number, number]> = [];
    const store = {
      readOutput: (_session: string, start: number, end: number) => {
        calls.push([start, end]);
        return Buffer.from('ok\n');
      },
    };
    const rdr = recordedOutputReader(store, 100);
    await rdr.readCommandOutput(commandRecord({ sessionId: 's', seq: 1, outputStart: 10, outputEnd: 50 }));
    await rdr.readCommandOutput(commandRecord({ sessionId: 's', seq: 2, outputStart: 1000, outputEnd: 5000 }));
    await rdr.readCommandOutput(commandRecord({ sessionId: 's', seq: 3, outputStart: 7000, outputEnd: null }));
    expect(calls).toEqual([
      [10, 50],
      [4900, 5000],
      [7000, 7100],
    ]);
  });
});
