// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type AppServer } from '../../e2e/support/app';
import { canMountTmpfs, mountSmallDisk } from '../../e2e/support/tmpfs';
import { databaseContains } from '../support/database-bytes';
import { HostClient } from '../support/host-ws-client';
import { Terminal, type Command } from '../support/host-terminal';

let server: AppServer | undefined;
let client: HostClient | undefined;

const start = async (env: Record<string, string> = {}, dataDir?: string) => {
  server = await startServer({ env, ...(dataDir ? { dataDir } : {}) });
  client = await HostClient.connect(server.origin, server.token);
  return { server, client };
};

afterEach(async () => {
  client?.close();
  await server?.stop();
  server = undefined;
  client = undefined;
});

describe('history controls over the host', () => {
  it('a private terminal leaves no trace: no session, no command, no byte in the file', async () => {
    const { server, client } = await start();
    const normal = await Terminal.open(client);
    const secret = await Terminal.open(client, { private: true });
    expect((await client.invoke<Array<{ id: string; recording: string }>>('pty:list', {})).find((p) => p.id === secret.id)?.recording).toBe(
      'private',
    );
    const seen: string[] = [];
    client.on((channel, payload) => channel === 'commands:updated' && seen.push((payload as { command: Command }).command.id));
    await secret.run('echo private-$((6*7))-marker', /private-42-marker/);
    await normal.run('echo public-$((6*7))-marker', /public-42-marker/);
    await expect.poll(async () => (await normal.commands()).length).toBe(1);
    await client.invoke('history:free-space', {});
    expect(seen.every((id) => !id.startsWith(secret.id))).toBe(true);
    expect((await client.invoke<Array<{ id: string }>>('session:list', {})).map((s) => s.id)).not.toContain(secret.id);
    expect((await client.invoke<{ commands: Command[] }>('commands:search', { query: 'private' })).commands).toEqual([]);
    expect(databaseContains(server.dataDir, 'private-42-marker')).toBe(false);
    expect(databaseContains(server.dataDir, 'public-42-marker')).toBe(true);
  });

  it('pausing stops recording until resumed; the running command ends, interrupted', async () => {
    const { server, client } = await start();
    const terminal = await Terminal.open(client);
    await terminal.run('echo started-$((1+1)); sleep 1; echo finished-$((3+4))', /started-2/);
    const changed = new Promise((resolve) => client.on((channel, payload) => channel === 'pty:recording-changed' && resolve(payload)));
    expect((await client.invoke<{ recording: string }>('pty:recording', { id: terminal.id, paused: true })).recording).toBe('paused');
    expect(await changed).toEqual({ id: terminal.id, recording: 'paused' });
    await expect.poll(() => /finished-7/.test(terminal.output), { timeout: 10_000 }).toBe(true);
    await terminal.run('echo paused-$((2+2))-marker', /paused-4-marker/);
    await client.invoke('pty:recording', { id: terminal.id, paused: false });
    await terminal.run('echo resumed-$((3+3))-marker', /resumed-6-marker/);
    await expect
      .poll(async () => (await terminal.commands()).map((c) => c.commandLine))
      .toEqual(['echo started-$((1+1)); sleep 1; echo finished-$((3+4))', 'echo resumed-$((3+3))-marker']);
    const [cut] = await terminal.commands();
    expect(cut).toMatchObject({ interrupted: true, exitCode: null });
    await client.invoke('history:free-space', {});
    expect(databaseContains(server.dataDir, 'paused-4-marker')).toBe(false);
  });

  it('keeps commands out by a leading space (zsh, HIST_IGNORE_SPACE) and by pattern, prompt and keystrokes included', async () => {
    const { server, client } = await start({ SHELL: '/usr/bin/zsh' });
    await client.invoke('settings:set', {
      history: {
        rawMaxMb: 0,
        rawMaxAgeDays: 0,
        commandRawMaxMb: 64,
        recordsMaxAgeDays: 0,
        recordsMax: 0,
        ignoreSpace: true,
        excludePatterns: ['^vault '],
      },
    });
    const terminal = await Terminal.open(client);
    // The app follows the shell's own rule: zsh keeps a leading-space line out only with this option.
    await terminal.run("setopt HIST_IGNORE_SPACE; echo bef''ore", /before\r\n/);
    await expect.poll(async () => (await terminal.commands()).filter((c) => c.endedAt !== null).length).toBe(1);
    await terminal.run(' echo spacesecret-$((5*5))', /spacesecret-25/);
    await terminal.run('vault() { echo "$1"-out; }; echo defined', /defined\r\n/);
    await terminal.run('vault patternsecret-x', /patternsecret-x-out/);
    await terminal.run('echo after', /after\r\n/);
    await expect
      .poll(async () => (await terminal.commands()).map((c) => c.commandLine))
      .toEqual(["setopt HIST_IGNORE_SPACE; echo bef''ore", 'vault() { echo "$1"-out; }; echo defined', 'echo after']);
    await client.invoke('history:free-space', {});
    expect(databaseContains(server.dataDir, 'spacesecret')).toBe(false);
    expect(databaseContains(server.dataDir, 'patternsecret')).toBe(false);
    // Everything else around them is still where its offsets say.
    const [, , after] = await terminal.commands();
    const { cleanOutput } = await client.invoke<{ cleanOutput: string }>('commands:get', { id: after!.id });
    expect(cleanOutput).toContain('after');
  });

  it('keeps a leading-space line out in bash, which drops it from its own history first (HISTCONTROL=ignoreboth)', async () => {
    const { server, client } = await start();
    const terminal = await Terminal.open(client);
    await terminal.run("HISTCONTROL=ignoreboth; echo s''et", /set\r\n/);
    // Typed only once that command ended: keys typed ahead are echoed as its output (docs/history.md).
    await expect.poll(async () => (await terminal.commands()).filter((c) => c.endedAt !== null).length).toBe(1);
    await terminal.run(' echo bashsecret-$((5*5))', /bashsecret-25/);
    // ignoredups drops a repeated line from history too: it is recorded, its line read from the echo.
    await terminal.run('echo twice', /twice\r\n/);
    await terminal.run('echo twice', /twice\r\n/);
    await expect.poll(async () => (await terminal.commands()).length).toBe(3);
    const commands = await terminal.commands();
    expect(commands.map((c) => c.commandLine)).toEqual(["HISTCONTROL=ignoreboth; echo s''et", 'echo twice', 'echo twice']);
    await client.invoke('history:free-space', {});
    expect(databaseContains(server.dataDir, 'bashsecret')).toBe(false);
  });

  it('forgets a command everywhere and tells every window', async () => {
    const { server, client } = await start();
    const other = await HostClient.connect(server.origin, server.token);
    const terminal = await Terminal.open(client);
    await terminal.run('echo forgetme-$((7*7))', /forgetme-49/);
    await terminal.run('echo keep-$((8*8))', /keep-64/);
    await expect.poll(async () => (await terminal.commands()).length).toBe(2);
    const [doomed] = await terminal.commands();
    const told = new Promise((resolve) => other.on((channel, payload) => channel === 'history:forgotten' && resolve(payload)));
    expect(await client.invoke('history:forget', { commandIds: [doomed!.id] })).toMatchObject({ commands: 1 });
    expect(await told).toEqual({ commandIds: [doomed!.id], sessionIds: [], range: null });
    other.close();
    expect((await terminal.commands()).map((c) => c.commandLine)).toEqual(['echo keep-$((8*8))']);
    expect((await client.invoke<{ commands: unknown[] }>('commands:search', { query: 'forgetme' })).commands).toEqual([]);
    expect(databaseContains(server.dataDir, 'forgetme-49')).toBe(false);
    const usage = await client.invoke<{ dbBytes: number; commands: number }>('history:usage', {});
    expect(usage.commands).toBe(1);
    expect(usage.dbBytes).toBeGreaterThan(0);
  });
});

if (!canMountTmpfs) console.warn('history-host: the full-disk test needs to mount a tmpfs (root); skipped here');

/** A real full disk: the data directory on a 24 MB tmpfs, most of it taken by a ballast file. */
describe.skipIf(!canMountTmpfs)('a full disk', () => {
  it(
    'stops recording with a status event, ends the running command as interrupted, and resumes when space returns',
    { timeout: 120_000 },
    async () => {
      const disk = mountSmallDisk(24);
      try {
        const dataDir = join(disk.path, 'data');
        const { client } = await start({}, dataDir);
        const statuses: Array<{ state: string; reason: string | null }> = [];
        client.on((channel, payload) => channel === 'history:status-changed' && statuses.push(payload as never));
        const interrupted: Command[] = [];
        client.on((channel, payload) => {
          const { command } = payload as { command: Command };
          if (channel === 'commands:updated' && command.interrupted) interrupted.push(command);
        });
        const terminal = await Terminal.open(client);
        await terminal.run('echo ready', /ready\r\n/);
        // Leave ~2 MB, then flood more than that.
        disk.fill(2048);
        terminal.client.send('pty:input', { id: terminal.id, data: 'yes full-disk-line | head -c 40000000; sleep 60\r' });
        await expect.poll(() => statuses.at(-1)?.state, { timeout: 60_000, interval: 100 }).toBe('failing');
        expect(statuses.at(-1)?.reason).toBe('disk-full');
        expect(await client.invoke<{ state: string }>('history:status', {})).toMatchObject({ state: 'failing' });
        await expect.poll(() => interrupted.length, { timeout: 10_000 }).toBeGreaterThan(0);
        expect(interrupted[0]!.commandLine).toContain('yes full-disk-line');
        expect(interrupted[0]!.endedAt).not.toBeNull();

        // Space comes back: the next writes land and every window hears it.
        disk.free();
        terminal.client.send('pty:input', { id: terminal.id, data: '\x03' });
        await terminal.run('echo back-$((9*9))', /back-81/);
        await expect.poll(() => statuses.at(-1)?.state, { timeout: 30_000, interval: 100 }).toBe('ok');
        await expect
          .poll(async () => (await terminal.commands()).some((c) => c.commandLine === 'echo back-$((9*9))'), { timeout: 10_000 })
          .toBe(true);
        await client.invoke('history:free-space', {});
        client.close();
        await server!.stop();
        server = undefined;
        const db = new Database(join(dataDir, 'contexterm.db'), { readonly: true });
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        db.close();
      } finally {
        await server?.stop();
        server = undefined;
        disk.unmount();
      }
    },
  );
});
