// SPDX-License-Identifier: MIT
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryFixture } from '../../../electron/cli/testing/history-fixture';
import { runCli, type CliRun } from './cli-support';

/** The gaps a newcomer met (issue 39): exit codes, a way to find a session id, stats' program names. */

let base: string;
let fixture: HistoryFixture;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'ct-cli-gaps-'));
  fixture = new HistoryFixture();
});
afterEach(() => {
  fixture.remove();
  rmSync(base, { recursive: true, force: true });
});

describe('a group given no command', () => {
  it('prints its help on stderr and exits 2 (usage), for contexterm and contexterm history', async () => {
    const bare = await runCli([]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe('');
    expect(bare.stderr).toContain('Usage: contexterm <command>');
    const history = await runCli(['history']);
    expect(history.code).toBe(2);
    expect(history.stdout).toBe('');
    expect(history.stderr).toContain('Usage: contexterm history');
    // Asked for, help is an answer: stdout and 0.
    expect(await runCli(['history', '--help'])).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('exit codes the docs promise', () => {
  it('a file that is not a database is an unusable history (3), not a bug (70)', async () => {
    fixture.close();
    const dir = join(base, 'notadb');
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'contexterm.db'), 'this is not sqlite '.repeat(100), { mode: 0o600 });
    const run = await runCli(['history', 'stats', '--data-dir', dir]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^contexterm: .*contexterm\.db.*not a database/);
  });

  it('an export to a folder that does not exist is the output code (4)', async () => {
    fixture.add({ line: 'echo one', chunks: ['one\r\n'] });
    fixture.close();
    const run = await runCli(['history', 'export', 'sess1', '-o', join(base, 'missing', 'out.json'), '--data-dir', fixture.dir]);
    expect(run.code).toBe(4);
    expect(run.stderr).toBe(
      `contexterm: cannot write ${join(base, 'missing', 'out.json')}: the folder ${join(base, 'missing')} does not exist\n`,
    );
  });
});

/** `node bin/contexterm` as another user (nobody), so that a root-owned 0700 folder cannot be read. */
const runAsNobody = (args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/contexterm', ...args],
      { encoding: 'utf8', uid: 65534, gid: 65534, env: { PATH: process.env.PATH, HOME: base, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('a data folder the user cannot read', () => {
  it.skipIf(process.getuid?.() !== 0)('says it cannot be read and why, given or found by default', async () => {
    fixture.close();
    chmodSync(base, 0o755);
    chmodSync(fixture.dir, 0o700); // root's, closed to nobody
    const given = await runAsNobody(['history', 'stats', '--data-dir', fixture.dir]);
    expect(given.code).toBe(3);
    expect(given.stderr).toContain(`cannot read ${fixture.dir}`);
    expect(given.stderr).toMatch(/permission denied/i);
    // The default place (browser mode's, under XDG_DATA_HOME) unreadable: not "no history database".
    const xdg = join(base, 'xdg');
    mkdirSync(xdg, { mode: 0o700 });
    mkdirSync(join(xdg, 'contexterm'), { mode: 0o700 });
    writeFileSync(join(xdg, 'contexterm', 'contexterm.db'), '');
    const found = await runAsNobody(['history', 'stats'], { XDG_DATA_HOME: xdg, XDG_CONFIG_HOME: join(base, 'cfg') });
    expect(found.code).toBe(3);
    expect(found.stderr).not.toContain('no history database');
    expect(found.stderr).toMatch(/cannot read .*permission denied/i);
  });
});

describe('history sessions', () => {
  it('lists sessions newest first with their command counts, redacted, as text and JSON, with --limit', async () => {
    fixture.add({ line: 'echo a', chunks: ['a\r\n'] });
    fixture.add({ line: 'echo b', chunks: ['b\r\n'] });
    const secret = 'AKIAZ3MHQ7VXK2PLW4RT';
    fixture.db
      .prepare(
        `INSERT INTO sessions (id, started_at, ended_at, shell, hostname, cwd, title, mode) VALUES ('sess2', ?, ?, 'zsh', 'box2', ?, ?, 'integrated')`,
      )
      .run(fixture.startedAt + 60_000, fixture.startedAt + 120_000, `/srv/${secret}`, `deploy ${secret}`);
    fixture.close();
    const json = await runCli(['history', 'sessions', '--json', '--data-dir', fixture.dir]);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    expect(json.stdout).not.toContain(secret);
    const sessions = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(sessions.map((s) => s.id)).toEqual(['sess2', 'sess1']);
    expect(sessions[0]).toMatchObject({
      shell: 'zsh',
      hostname: 'box2',
      started_at: fixture.startedAt + 60_000,
      ended_at: fixture.startedAt + 120_000,
      commands: 0,
    });
    expect(sessions[0]!.title).toContain('[REDACTED:');
    expect(sessions[0]!.cwd).toContain('[REDACTED:');
    expect(sessions[1]).toMatchObject({
      id: 'sess1',
      shell: 'bash',
      hostname: 'devbox',
      cwd: '/home/dev',
      title: 'bash',
      ended_at: null,
      commands: 2,
    });
    const limited = JSON.parse(
      (await runCli(['history', 'sessions', '--json', '--limit', '1', '--data-dir', fixture.dir])).stdout,
    ) as unknown[];
    expect(limited).toHaveLength(1);
    const text = await runCli(['history', 'sessions', '--data-dir', fixture.dir]);
    const lines = text.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.split('\t')[0]).toBe('sess2');
    expect(lines[1]).toMatch(/^sess1\t.*\t2\t/);
    expect(text.stdout).not.toContain(secret);
    // The id it lists is the one export takes.
    expect((await runCli(['history', 'export', 'sess1', '--data-dir', fixture.dir])).code).toBe(0);
  });
});

describe('history stats', () => {
  it('counts programs by their name, past separators, assignments, sudo, command and subshells', async () => {
    for (const line of [
      'clear; ls',
      '(exit 3)',
      'FOO=1 BAR=2 sudo -E make all',
      'command git status',
      ';',
      '  ',
      'git log',
      'env X=1 ls -la',
      'time ls',
    ]) {
      fixture.add({ line, chunks: [''] });
    }
    fixture.close();
    const run = await runCli(['history', 'stats', '--json', '--data-dir', fixture.dir]);
    expect(run.stderr).toBe('');
    const programs = Object.fromEntries(
      (JSON.parse(run.stdout) as { top_programs: Array<{ program: string; count: number }> }).top_programs.map((p) => [p.program, p.count]),
    );
    expect(programs).toEqual({ clear: 1, exit: 1, make: 1, git: 2, ls: 2 });
  });
});
