// SPDX-License-Identifier: MIT
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type AppServer } from '../../e2e/support/app';
import { HostClient } from '../support/host-ws-client';

/** Profiles and spawn requests that cannot start a terminal are refused or explained, never run half-way. */
describe('profiles and pty:spawn through the host', () => {
  let server: AppServer;
  let client: HostClient;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ct-profile-spawn-'));
    server = await startServer();
    client = await HostClient.connect(server.origin, server.token);
  });
  afterAll(async () => {
    client?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const profiles = (patch: Record<string, unknown>) => ({
    profiles: { list: [{ id: 'work', name: 'Work', command: '', args: [], cwd: '', env: {}, ...patch }], defaultId: null },
  });

  /** Everything the terminal prints until it exits. */
  const outputUntilExit = (id: string): Promise<{ text: string; exitCode: number | null }> =>
    new Promise((resolve) => {
      let text = '';
      const off = client.on((channel, payload) => {
        const event = payload as { id: string; data?: string; exitCode?: number | null };
        if (event.id !== id) return;
        if (channel === 'pty:data') text += event.data;
        if (channel === 'pty:exit') {
          off();
          resolve({ text, exitCode: event.exitCode ?? null });
        }
      });
    });

  it('refuses a NUL byte in the directory of pty:spawn with a typed code', async () => {
    const result = await client.invokeResult('pty:spawn', { cols: 80, rows: 24, cwd: '/tmp\u0000/x' });
    expect(result.ok).toBe(false);
    expect(result.error).toEqual({ code: 'invalid-payload', message: 'pty:spawn: cwd: the directory contains a NUL byte' });
  });

  it('refuses to save a profile with a NUL byte or a missing directory, field by field', async () => {
    const nul = await client.invokeResult('settings:set', profiles({ args: ['ok', 'x\u0000y'] }));
    // Refused by the request schema already (the renderer checks the same schema before sending).
    expect(nul.error).toEqual({
      code: 'invalid-payload',
      message: 'settings:set: profiles.list.0.args.1: Profile "Work": arguments contain a NUL byte',
    });
    const missing = await client.invokeResult('settings:set', profiles({ cwd: join(dir, 'nope') }));
    expect(missing.error).toEqual({
      code: 'invalid-payload',
      message: `profiles.list.0.cwd: Profile "Work": directory does not exist: ${join(dir, 'nope')}`,
    });
  });

  it('opens a terminal that says why when the profile program was deleted after the save', async () => {
    const program = join(dir, 'tool');
    writeFileSync(program, '#!/bin/sh\nexec /bin/sh\n', { mode: 0o755 });
    await client.invoke('settings:set', profiles({ command: program }));
    rmSync(program);

    const info = await client.invoke<{ id: string; exited: boolean }>('pty:spawn', { cols: 100, rows: 30, profileId: 'work' });
    const { text, exitCode } = await outputUntilExit(info.id);
    expect(text).toContain('Cannot start this terminal.');
    expect(text).toContain(`Profile "Work": program not found: ${program}`);
    expect(text).toContain('Fix the profile in Settings → Profiles.');
    expect(exitCode).toBe(127);
  });
});
