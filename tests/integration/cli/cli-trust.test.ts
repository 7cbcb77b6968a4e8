// SPDX-License-Identifier: MIT
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryFixture } from '../../../electron/cli/testing/history-fixture';
import { runCli, type CliRun } from './cli-support';
import { McpWire } from './mcp-wire';

/**
 * The CLI and the MCP server read the data directory the app refuses to use only after the same
 * checks (electron/data-dir/data-dir-trust.ts): another user's directory, a link to it, a linked
 * database. And an export never writes through a link, and leaves its file 0600 whatever was there.
 */

/** `nobody`: another user, as far as ownership goes. Giving files away needs root (the CI here is root). */
const OTHER_UID = 65534;
const me = process.getuid?.() ?? -1;
const asRoot = it.skipIf(me !== 0);

let base: string;
let fixture: HistoryFixture;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'ct-cli-trust-'));
  fixture = new HistoryFixture();
  fixture.add({ line: 'echo trust-$((6*7))', chunks: ['trust-42\r\n'] });
  fixture.close();
});
afterEach(() => {
  fixture.remove();
  rmSync(base, { recursive: true, force: true });
});

const modeOf = (path: string): number => statSync(path).mode & 0o777;

/** The fixture's data directory, given away to another user and left open as a careless one would. */
const foreignDataDir = (): string => {
  const dir = join(base, 'theirs');
  renameSync(fixture.dir, dir);
  mkdirSync(fixture.dir); // for remove()
  chmodSync(dir, 0o777);
  chownSync(dir, OTHER_UID, OTHER_UID);
  chownSync(join(dir, 'contexterm.db'), OTHER_UID, OTHER_UID);
  return dir;
};

/**
 * `contexterm mcp`, asked for its sessions: a data directory it refuses does not stop the handshake
 * (the client would show only "Failed to connect"); the call answers with the refusal (isError),
 * given here as the CLI's code 3 and stderr line so that one check reads both.
 */
const runMcp = async (dataDir: string): Promise<CliRun> => {
  const wire = new McpWire(dataDir);
  try {
    await wire.initialize();
    const answer = await wire.callTool('list_sessions', {});
    const exit = await wire.close();
    return { code: answer.isError ? 3 : (exit.code ?? 1), stdout: '', stderr: answer.isError ? `${answer.content[0]!.text}\n` : '' };
  } finally {
    wire.kill();
  }
};

const expectRefused = (run: CliRun, path: string, reason: RegExp): void => {
  expect(run.stdout).toBe('');
  expect(run.code).toBe(3);
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`contexterm: Refusing `);
  expect(lines[0]).toContain(path);
  expect(lines[0]).toMatch(reason);
};

describe('the data directory, checked as the app checks it', () => {
  it('reads a data directory of ours, made 0700 as the app makes it, and creates none', async () => {
    chmodSync(fixture.dir, 0o755);
    const run = await runCli(['history', 'search', 'trust', '--data-dir', fixture.dir]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('echo trust-$((6*7))');
    expect(modeOf(fixture.dir)).toBe(0o700);
    const missing = join(base, 'none');
    expect((await runCli(['history', 'stats', '--data-dir', missing])).stderr).toMatch(/no history database at/);
    expect(existsSync(missing)).toBe(false);
  });

  it('leaves the mode of a directory that holds no database as it was (a mistyped --data-dir /tmp)', async () => {
    // A reader makes a data directory 0700 only once it is one: chmod on `/tmp` (as root) or `~` would break the machine.
    const shared = join(base, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    for (const run of [await runCli(['history', 'stats', '--data-dir', shared]), await runMcp(shared)]) {
      expect(run.stderr).toMatch(/no history database at/);
      expect(run.code).toBe(3);
    }
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
  });

  asRoot("refuses another user's data directory, in the CLI and the MCP server alike", async () => {
    const dir = foreignDataDir();
    expectRefused(await runCli(['history', 'search', 'trust', '--data-dir', dir]), dir, /owned by uid 65534, not you/);
    expectRefused(await runMcp(dir), dir, /owned by uid 65534, not you/);
    expect(modeOf(dir)).toBe(0o777);
  });

  asRoot("refuses a link of ours to another user's data directory", async () => {
    const target = foreignDataDir();
    const link = join(base, 'data');
    symlinkSync(target, link);
    expectRefused(await runCli(['history', 'stats', '--data-dir', link]), link, /symbolic link to .*owned by uid 65534/);
    expectRefused(await runMcp(link), link, /symbolic link to .*owned by uid 65534/);
  });

  it('refuses a database that is a link, even to a database of ours', async () => {
    const dir = join(base, 'mine');
    mkdirSync(dir, { mode: 0o700 });
    symlinkSync(join(fixture.dir, 'contexterm.db'), join(dir, 'contexterm.db'));
    const path = join(dir, 'contexterm.db');
    expectRefused(await runCli(['history', 'stats', '--data-dir', dir]), path, /symbolic link \(to .*\), which Contexterm never makes/);
    expectRefused(await runMcp(dir), path, /symbolic link/);
  });
});

describe('history export -o FILE', () => {
  const exportTo = (file: string): Promise<CliRun> =>
    runCli(['history', 'export', fixture.sessionId, '--data-dir', fixture.dir, '-o', file]);

  it('refuses to write through a link, and leaves what it points to untouched', async () => {
    const target = join(base, 'precious');
    writeFileSync(target, 'keep me\n', { mode: 0o644 });
    chmodSync(target, 0o644);
    const link = join(base, 'session.json');
    symlinkSync(target, link);
    const run = await exportTo(link);
    expect(run.code).toBe(4); // the documented code for a refused -o FILE, not 70 (a bug)
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(link);
    expect(run.stderr).toMatch(/symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
    expect(modeOf(target)).toBe(0o644);
  });

  it('writes a new file 0600, and makes an existing 0644 one 0600', async () => {
    const fresh = join(base, 'fresh.json');
    expect((await exportTo(fresh)).code).toBe(0);
    expect(modeOf(fresh)).toBe(0o600);

    const existing = join(base, 'existing.json');
    writeFileSync(existing, 'x'.repeat(100_000));
    chmodSync(existing, 0o644);
    const run = await exportTo(existing);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(modeOf(existing)).toBe(0o600);
    const written = readFileSync(existing, 'utf8');
    expect(JSON.parse(written)).toMatchObject({ session: { id: fixture.sessionId } });
    expect(existsSync(existing)).toBe(true);
  });
});
