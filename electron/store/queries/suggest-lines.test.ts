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
    temp.store.upsertCommand(
      commandInput('s', seq, { commandLine, cwd, startedAt, endedAt: startedAt + 5, exitCode: options.exitCode ?? 0 }),
    );
  };
  const lines = async (prefix: string, cwd: string | null, limit = 5) =>
    (await temp.store.suggestLines(prefix, cwd, limit)).map((s) => s.line);

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

  it("ranks the repository's other folders after this directory and before anywhere else", async () => {
    temp.store.startSession(sessionInput('s', { startedAt: T }));
    record('make elsewhere', '/other', { at: T + 9000 });
    record('make in-sibling-prefix', '/repo-old', { at: T + 8000 });
    record('make in-sub', '/repo/sub', { at: T + 1000 });
    record('make in-root', '/repo', { at: T + 500 });
    record('make here', '/repo/here', { at: T + 100 });
    await temp.store.flush();
    const ranked = async (repository: string | null) =>
      (await temp.store.suggestLines('make ', '/repo/here', 10, repository)).map((s) => s.line);
    expect(await ranked('/repo')).toEqual(['make here', 'make in-sub', 'make in-root', 'make elsewhere', 'make in-sibling-prefix']);
    expect(await ranked(null)).toEqual(['make here', 'make elsewhere', 'make in-sibling-prefix', 'make in-sub', 'make in-root']);
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
    for (let i = 0; i < 900; i++) record(`make target-${i % 100}`, '/big', { at: T + i });
    // A month later: recency beats the older lines' nine runs each. 'z' sorts it past the entries read in line order.
    record('make zz-newest', '/big', { at: T + 30 * 86_400_000 });
    await temp.store.flush();
    expect((await lines('make ', '/big', 1))[0]).toBe('make zz-newest');
    // Anywhere, a common prefix ranks the first entries in line order: the approximation the query documents.
    expect(await lines('make ', null, 1)).toHaveLength(1);
  });
});
