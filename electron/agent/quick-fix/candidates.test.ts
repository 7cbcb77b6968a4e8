// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../../shared/domain/command';
import { commandRecord } from '../../../shared/testing/command-record';
import { findQuickFixes } from './candidates';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = 100 * DAY;

let seq = 0;
/** A finished command `agoMs` before NOW, in /repo and session s1 unless told otherwise. */
const run = (commandLine: string, exitCode: number, agoMs: number, fields: Partial<CommandRecord> = {}): CommandRecord => {
  seq += 1;
  return commandRecord({
    sessionId: 's1',
    seq,
    commandLine,
    exitCode,
    cwd: '/repo',
    startedAt: NOW - agoMs,
    endedAt: NOW - agoMs + 1000,
    ...fields,
  });
};
const failedNow = (commandLine: string, fields: Partial<CommandRecord> = {}): CommandRecord =>
  run(commandLine, 1, 0, { sessionId: 'now', ...fields });
const lines = (failed: CommandRecord, history: CommandRecord[]): string[] => findQuickFixes(failed, history).map((fix) => fix.line);

describe('findQuickFixes from a failure and the variant that then worked', () => {
  it.each([
    ['a typo in the program', 'gti status', 'git status', 'typo'],
    ['a missing flag', 'git push origin main', 'git push -u origin main', 'added-flag'],
    ['sudo', 'apt install jq', 'sudo apt install jq', 'sudo'],
    ['a different script name', 'npm run buidl', 'npm run build', 'changed-argument'],
  ] as const)('offers %s', (_, failedLine, fixLine, kind) => {
    const history = [run(failedLine, 1, 3 * DAY), run('ls', 0, 3 * DAY - MINUTE), run(fixLine, 0, 3 * DAY - 2 * MINUTE)];
    expect(findQuickFixes(failedNow(failedLine), history)).toEqual([
      expect.objectContaining({ line: fixLine, kind, count: 1, origin: 'after-failure', lastUsedAt: NOW - 3 * DAY + 2 * MINUTE }),
    ]);
  });

  it('does not offer a success in another directory', () => {
    const history = [run('npm run buidl', 1, DAY), run('npm run build', 0, DAY - MINUTE, { cwd: '/elsewhere' })];
    expect(lines(failedNow('npm run buidl'), history)).toEqual([]);
  });

  it('does not offer a success that came too late, or after the same line failed again', () => {
    const late = [run('npm run buidl', 1, DAY), run('npm run build', 0, DAY - 11 * MINUTE)];
    expect(lines(failedNow('npm run buidl'), late)).toEqual([]);
    // The fix followed the second failure, which is then the pair; still found once, not twice.
    const again = [run('npm run buidl', 1, DAY), run('npm run buidl', 1, DAY - MINUTE), run('npm run build', 0, DAY - 2 * MINUTE)];
    expect(findQuickFixes(failedNow('npm run buidl'), again)).toEqual([expect.objectContaining({ line: 'npm run build', count: 1 })]);
  });

  it('never offers the failed line itself, nor a success that is no variant', () => {
    const history = [run('make test', 1, DAY), run('make test', 0, DAY - MINUTE), run('cargo test', 0, DAY - 2 * MINUTE)];
    expect(lines(failedNow('make test'), history)).toEqual([]);
  });

  it("ranks yesterday's fix above one seen twice weeks ago", () => {
    const history = [
      ...[25, 24].flatMap((days) => [
        run('git push origin main', 1, days * DAY),
        run('git push --set-upstream origin main', 0, days * DAY - MINUTE),
      ]),
      run('git push origin main', 1, DAY),
      run('git push -u origin main', 0, DAY - MINUTE),
    ];
    const fixes = findQuickFixes(failedNow('git push origin main'), history);
    expect(fixes.map((fix) => [fix.line, fix.count])).toEqual([
      ['git push -u origin main', 1],
      ['git push --set-upstream origin main', 2],
    ]);
  });

  it('ranks the more frequent fix first at similar ages', () => {
    const history = [
      ...[5, 4, 3].flatMap((days) => [run('npm run tset', 1, days * DAY), run('npm run test:unit', 0, days * DAY - MINUTE)]),
      run('npm run tset', 1, 2 * DAY),
      run('npm run test', 0, 2 * DAY - MINUTE),
    ];
    const fixes = findQuickFixes(failedNow('npm run tset'), history);
    expect(fixes.map((fix) => [fix.line, fix.count])).toEqual([
      ['npm run test:unit', 3],
      ['npm run test', 1],
    ]);
  });

  it('replays the fix of a near-identical failure on the new line when the edit fits', () => {
    const history = [run('git push origin a', 1, DAY), run('git push -u origin a', 0, DAY - MINUTE)];
    expect(lines(failedNow('git push origin b'), history)).toEqual(['git push -u origin b']);
  });

  it('offers the fix as it ran when the edit touches the word that differs', () => {
    const history = [run('npm run buidl', 1, DAY), run('npm run build', 0, DAY - MINUTE)];
    expect(lines(failedNow('npm run tset'), history)).toEqual(['npm run build']);
  });

  it('caps the list and ignores commands after the failure', () => {
    const history = ['a', 'b', 'c', 'd', 'e', 'f'].flatMap((flag, i) => [
      run('ls /x', 2, DAY + i * 20 * MINUTE),
      run(`ls -${flag} /x`, 0, DAY + i * 20 * MINUTE - MINUTE),
    ]);
    const failed = failedNow('ls /x', { startedAt: NOW - DAY / 2 });
    expect(findQuickFixes(failed, history)).toHaveLength(5);
    expect(findQuickFixes(failed, history, { limit: 2 })).toHaveLength(2);
    expect(findQuickFixes(failedNow('ls /x', { startedAt: NOW - 2 * DAY }), history)).toEqual([]);
  });

  it('finds nothing for a command that succeeded or has no line', () => {
    const history = [run('gti status', 1, DAY), run('git status', 0, DAY - MINUTE)];
    expect(findQuickFixes(run('gti status', 0, 0), history)).toEqual([]);
    expect(findQuickFixes(failedNow('', { commandLine: null }), history)).toEqual([]);
  });
});

describe('findQuickFixes from lines that often worked', () => {
  it('offers the line the failed one misspells, when it succeeded often in that folder', () => {
    const history = [run('cargo build --release', 0, 3 * DAY), run('cargo build --release', 0, DAY)];
    expect(findQuickFixes(failedNow('cargo biuld --release'), history)).toEqual([
      expect.objectContaining({ line: 'cargo build --release', origin: 'frequent-line', count: 2, kind: 'changed-argument' }),
    ]);
  });

  it('not when it succeeded once, elsewhere, or is a different word rather than a misspelling', () => {
    expect(lines(failedNow('cargo biuld'), [run('cargo build', 0, DAY)])).toEqual([]);
    expect(lines(failedNow('cargo biuld'), [run('cargo build', 0, DAY, { cwd: '/b' }), run('cargo build', 0, DAY, { cwd: '/b' })])).toEqual(
      [],
    );
    expect(lines(failedNow('cargo test'), [run('cargo build', 0, DAY), run('cargo build', 0, DAY)])).toEqual([]);
  });

  it('offers a frequent line once, as the fix seen after the failure when it was one', () => {
    const history = [
      run('cargo build', 0, 3 * DAY),
      run('cargo build', 0, 2 * DAY),
      run('cargo biuld', 1, DAY),
      run('cargo build', 0, DAY - MINUTE),
      run('cargo biuld', 1, 30 * DAY),
      run('cargo b', 0, 30 * DAY - MINUTE),
    ];
    const fixes = findQuickFixes(failedNow('cargo biuld'), history);
    expect(fixes.map((fix) => [fix.line, fix.origin, fix.count])).toEqual([
      ['cargo build', 'after-failure', 1],
      ['cargo b', 'after-failure', 1],
    ]);
  });
});

describe('findQuickFixes learns only from the failure’s own host', () => {
  const evil = { remote: { host: 'evil.example', user: 'me' } } as const;
  const box = { remote: { host: 'box', user: 'alice' } } as const;

  it('does not offer a local failure what a remote host ran in a folder of the same name (a forged fix)', () => {
    // Issue 38: a hostile host reported the user's local folder as its cwd, failed `npm test`, then "fixed" it.
    const history = [run('npm test', 1, DAY, evil), run("npm test '\x1b[201~\rtouch canary\r'", 0, DAY - MINUTE, evil)];
    expect(lines(failedNow('npm test', evil), history)).toHaveLength(1);
    expect(lines(failedNow('npm test'), history)).toEqual([]);
    // Nor as a frequent line the failed one would be a typo of.
    const frequent = [run('git status', 0, 2 * DAY, evil), run('git status', 0, DAY, evil)];
    expect(lines(failedNow('git statsu'), frequent)).toEqual([]);
  });

  it('does not offer a remote failure what ran locally or on another host, and offers what ran on that host', () => {
    const history = [
      run('make tset', 1, 3 * DAY),
      run('make test', 0, 3 * DAY - MINUTE),
      run('make tset', 1, 2 * DAY, evil),
      run('make check', 0, 2 * DAY - MINUTE, evil),
      run('make tset', 1, DAY, box),
      run('make tests', 0, DAY - MINUTE, box),
    ];
    expect(lines(failedNow('make tset', box), history)).toEqual(['make tests']);
    expect(lines(failedNow('make tset'), history)).toEqual(['make test']);
    // The same host name typed after ssh is the same host, whoever the remote user is.
    expect(lines(failedNow('make tset', { remote: { host: 'box', user: null } }), history)).toEqual(['make tests']);
  });
});
