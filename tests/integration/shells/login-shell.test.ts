// SPDX-License-Identifier: MIT
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type AppServer } from '../../e2e/support/app';
import { HostClient } from '../support/host-ws-client';

/**
 * bash in a HOME with a ~/.bashrc and no ~/.profile (issue 41): tabs started login-style read only
 * the profile files, so the user's aliases and prompt were missing. On Linux shells now start as
 * gnome-terminal and VS Code start them, non-login (reading ~/.bashrc); Settings → Terminal's
 * "Start shells as login shells" says otherwise when the user wants it.
 */
describe('login or interactive shells, through the host with a real bash', () => {
  let server: AppServer;
  let client: HostClient;
  let home: string;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'ct-login-home-'));
    writeFileSync(join(home, '.bashrc'), "alias ctgreet='echo from-bashrc-$((20+22))'\n");
    server = await startServer({ env: { HOME: home, SHELL: '/bin/bash' } });
    client = await HostClient.connect(server.origin, server.token);
  });
  afterAll(async () => {
    client?.close();
    await server?.stop();
    rmSync(home, { recursive: true, force: true });
  });

  /** Opens a terminal, runs `line` once the integration reported, and resolves with what it printed up to `until`. */
  const runInNewTerminal = async (line: string, until: RegExp): Promise<string> => {
    const texts = new Map<string, string>();
    const integrated = new Set<string>();
    let changed = () => {};
    const off = client.on((channel, payload) => {
      const event = payload as { id?: string; data?: string; session?: { id: string; mode: string } };
      if (channel === 'session:updated' && event.session?.mode === 'integrated') integrated.add(event.session.id);
      if (channel === 'pty:data' && event.id) texts.set(event.id, (texts.get(event.id) ?? '') + (event.data ?? ''));
      changed();
    });
    /** Resolves once `test` holds, checked on every event (the events may come before the spawn's answer). */
    const until_ = (test: () => boolean) =>
      new Promise<void>((resolve) => {
        changed = () => test() && resolve();
        changed();
      });
    let id: string | undefined;
    try {
      id = (await client.invoke<{ id: string }>('pty:spawn', { cols: 100, rows: 30, profileId: '' })).id;
      const opened = id;
      await until_(() => integrated.has(opened));
      client.send('pty:input', { id, data: `${line}\r` });
      await until_(() => until.test(texts.get(opened) ?? ''));
      return texts.get(opened) ?? '';
    } finally {
      off();
      if (id) await client.invoke('pty:kill', { id });
    }
  };

  /** A section is set whole (settings:set), so the terminal one is read and written back with the choice. */
  const setLoginShell = async (loginShell: string) => {
    const current = await client.invoke<{ terminal: Record<string, unknown> }>('settings:get', {});
    await client.invoke('settings:set', { terminal: { ...current.terminal, loginShell } });
  };

  // What the shell prints, never its echo of the typed line: `$((…))` and `$CT_LOGIN_MARK` are expanded.
  const probe = 'ctgreet 2>/dev/null || echo no-alias-$((1+1)); echo "mark=[$CT_LOGIN_MARK]" end-$((3*3))';

  it('reads ~/.bashrc by default on Linux (a non-login shell), so its aliases work', async () => {
    const text = await runInNewTerminal(probe, /end-9/);
    expect(text).toMatch(/from-bashrc-42/);
    expect(text).not.toMatch(/no-alias-2/);
  });

  it('reads the profile files instead when set to start login shells', async () => {
    writeFileSync(join(home, '.profile'), 'export CT_LOGIN_MARK=from-profile\n');
    await setLoginShell('always');
    const text = await runInNewTerminal(probe, /end-9/);
    expect(text).toMatch(/mark=\[from-profile\]/);
    // ~/.profile does not source ~/.bashrc here, as a login bash would not either.
    expect(text).toMatch(/no-alias-2/);
    await setLoginShell('never');
    const plain = await runInNewTerminal(probe, /end-9/);
    expect(plain).toMatch(/from-bashrc-42/);
    expect(plain).not.toMatch(/mark=\[from-profile\]/);
  });
});
