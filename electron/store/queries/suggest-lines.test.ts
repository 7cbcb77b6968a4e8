// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { commandInput, sessionInput } from '../testing/fixtures';
import { useTempStore } from '../testing/temp-store';

describe('Store.suggestLines', () => {
  const temp = useTempStore();
  const T = 1_800_000_000_000;
  let seq = 0;

  const record = (commandLine: string, cwd: string, options: { exitCode?: number; at?: number } = {}): void => {
    seq++;
    const startedAt = options.at ?? T + seq * 1000;
    temp.store.upsertCommand(commandInput('s', seq, { commandLine, cwd, startedAt, endedAt: startedAt + 5, exitCode: options.exitCode ?? 0 }));
  };
  const lines = async (prefix: string, cwd: string | null, limit = 5) => (await temp.store.suggestLines(prefix, cwd, limit)).map((s) => s.line);

  it("ranks this directory's lines first, then succeeded over failed, then recency lifted by frequency", async () => {
    temp.store.startSession(sessionInput('s', { startedAt: T }));
    record('git push origin main', '/elsewhere', { at: T + 900_000 });
    record('git pull --rebase', '/repo', { at: T + 1000 });
    record('git pull', '/repo', { exitCode: 1, at: T + 2000 });
    record('git status', '/other', { exitCode: 1, at: T + 3000 });
    record('git stash', '/other', { at: T + 1000 });
    for (let i = 0; i < 5; i++) record('git log', '/other', { at: T + 500 + i });
    await temp.store.flush();
    expect(await lines('git ', '/repo', 10)).toEqual([
      // here: succeeded first, whatever is newer
      'git pull --rebase',
      'git pull',
      // elsewhere: succeeded, by recency lifted by runs (five older runs of git log beat one push 15 min newer), then failed
      'git log',
      'git push origin main',
      'git stash',
      'git status',
    ]);
  });

  it('offers only lines longer than what is typed, and never one with control characters', async () => {
    temp.store.startSession(sessionInput('s', { startedAt: T }));
    record('ls', '/a');
    record('ls -la', '/a');
    record('ls \x1b[31m', '/a');
    record('ls\tx', '/a');
    await temp.store.flush();
    expect(await lines('ls', '/a')).toEqual(['ls -la']);
    expect(await lines('ls\x07', '/a')).toEqual([]);
    expect(await lines('   ', '/a')).toEqual([]);
  });

  it('answers a 10,000-character typed line (nothing starts with it) and finds a line that long', async () => {
    temp.store.startSession(sessionInput('s', { startedAt: T }));
    const long = `echo ${'x'.repeat(10_000)}`;
    record(long, '/a');
    await temp.store.flush();
    expect(await lines(`echo ${'x'.repeat(9_990)}`, '/a')).toEqual([long]);
    expect(await lines(`echo ${'y'.repeat(9_995)}`, '/a')).toEqual([]);
  });

  it('walks newest first when a prefix is too common to rank every run', async () => {
    temp.store.startSession(sessionInput('s', { startedAt: T }));
    for (let i = 0; i < 4100; i++) record(`make target-${i % 300}`, '/big', { at: T + i });
    record('make newest', '/big', { at: T + 10_000_000 });
    await temp.store.flush();
    expect((await lines('make ', '/big', 1))[0]).toBe('make newest');
    expect((await lines('make ', null, 1))[0]).toBe('make newest');
  });
});
