// SPDX-License-Identifier: MIT
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandRecord } from '../../../shared/testing/command-record';
import type { CommandRecord } from '../../../shared/domain/command';
import { AgentsFileReader } from './agents-file';
import { isRemoteSession, ProjectInstructions, type SessionPlace } from './project-instructions';

const HOST = 'devbox';
let root: string;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'project-instructions-')));
  mkdirSync(join(root, '.git'));
  mkdirSync(join(root, 'pkg', 'src'), { recursive: true });
  writeFileSync(join(root, 'AGENTS.md'), 'Always run make check before committing.');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Counts reads, so "nothing read" can be checked. */
class CountingReader extends AgentsFileReader {
  reads = 0;
  override read(dir: string) {
    this.reads++;
    return super.read(dir);
  }
}

const make = (
  over: { enabled?: boolean; session?: SessionPlace | null; newest?: CommandRecord; reader?: AgentsFileReader; log?: string[] } = {},
) =>
  new ProjectInstructions({
    enabled: () => over.enabled ?? true,
    session: () => (over.session === undefined ? { cwd: join(root, 'pkg', 'src'), hostname: HOST, shell: 'bash' } : over.session),
    newestCommand: () => over.newest,
    localHostname: HOST,
    ...(over.reader ? { reader: over.reader } : {}),
    log: (m) => over.log?.push(m),
  });

describe('ProjectInstructions', () => {
  it("finds the AGENTS.md of the active terminal's repository from a subdirectory", async () => {
    const file = await make().forSession('s1');
    expect(file).toMatchObject({ root, path: join(root, 'AGENTS.md'), text: 'Always run make check before committing.' });
  });

  it('reads nothing when the setting is off or there is no session', async () => {
    const reader = new CountingReader();
    expect(await make({ enabled: false, reader }).forSession('s1')).toBeNull();
    expect(await make({ reader }).forSession(null)).toBeNull();
    expect(reader.reads).toBe(0);
    expect(await make({ reader }).forSession('s1')).not.toBeNull();
    expect(reader.reads).toBe(1);
  });

  it('reads no local file for a shell on another machine', async () => {
    const reader = new CountingReader();
    const cwd = join(root, 'pkg');
    expect(await make({ reader, session: { cwd, hostname: HOST, shell: 'ssh' } }).forSession('s1')).toBeNull();
    expect(await make({ reader, session: { cwd, hostname: 'prod-1', shell: 'bash' } }).forSession('s1')).toBeNull();
    const remote = commandRecord({ sessionId: 's1', seq: 3, cwd, remote: { host: 'prod', user: 'me' } });
    expect(await make({ reader, newest: remote }).forSession('s1')).toBeNull();
    expect(reader.reads).toBe(0);
  });

  it('skips an unreadable file with one log line, never an error for the turn', async () => {
    rmSync(join(root, 'AGENTS.md'));
    mkdirSync(join(root, 'AGENTS.md'));
    const log: string[] = [];
    const finder = make({ log });
    expect(await finder.forSession('s1')).toBeNull();
    expect(await finder.forSession('s1')).toBeNull();
    expect(log).toHaveLength(1);
    expect(log[0]).toContain('is not a regular file');
  });
});

describe('isRemoteSession', () => {
  const local: SessionPlace = { cwd: '/home/dev', hostname: HOST, shell: 'zsh' };
  it('tells ssh still running (no integration) from ssh that has ended', () => {
    const running = commandRecord({ sessionId: 's', seq: 1, commandLine: '/usr/bin/ssh -p 22 prod', endedAt: null, exitCode: null });
    expect(isRemoteSession(local, running, HOST)).toBe(true);
    expect(isRemoteSession(local, { ...running, endedAt: 5, exitCode: 0 }, HOST)).toBe(false);
    expect(isRemoteSession(local, commandRecord({ sessionId: 's', seq: 2, commandLine: 'make ssh-keys', endedAt: null }), HOST)).toBe(
      false,
    );
    expect(isRemoteSession(local, undefined, HOST)).toBe(false);
    expect(isRemoteSession({ ...local, hostname: 'DevBox.example.org' }, undefined, HOST)).toBe(false);
  });
});
