// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type AppServer } from '../../e2e/support/app';
import { HostClient } from '../support/host-ws-client';
import { Terminal } from '../support/host-terminal';

/**
 * One failed part must not take everything down. A real browser-mode host runs with faults planted
 * in its worker threads (electron/runtime/test-faults.ts): each goes off when the shell prints (or
 * a search asks for) its trigger, either as an exception nobody catches (`throw`) or as the thread
 * ending the way a crash or kill ends it (`exit`). Triggers are computed by the shell ($((…))), so
 * the echoed command line does not set them off, only the output does.
 */
const FAULTS = [
  'mirror:throw:mirror-7-throw',
  'mirror:exit:mirror-8-exit',
  'writer:throw:writer-42-throw',
  'writer:exit:writer-43-exit',
  'reader:throw:reader-boom-throw',
  'reader:exit:reader-boom-exit',
].join(',');

interface Snapshot {
  data: string;
  end: number;
}
interface Status {
  state: 'ok' | 'failing';
  reason: string | null;
  message: string;
  lostBytes: number;
}

let server: AppServer;
let client: HostClient;
let terminal: Terminal;
const statuses: Status[] = [];

beforeAll(async () => {
  server = await startServer({ env: { CONTEXTERM_TEST_FAULTS: FAULTS } });
  client = await HostClient.connect(server.origin, server.token);
  client.on((channel, payload) => channel === 'history:status-changed' && statuses.push(payload as Status));
  terminal = await Terminal.open(client);
  // Terminal.run polls with expect, which only works inside a test: wait on the output here.
  await new Promise<void>((resolve) => {
    const off = client.on(() => /ready-2/.test(terminal.output) && (off(), resolve()));
    client.send('pty:input', { id: terminal.id, data: 'echo ready-$((1+1))\r' });
  });
});

afterAll(async () => {
  client?.close();
  // A host that survived every fault still stops cleanly.
  expect(await server?.stop()).toBe(0);
});

/** What a reloading window gets; bounded, so a host that died or hangs fails here rather than at the test timeout. */
const reattach = async (): Promise<Snapshot> => {
  const attached = client.invoke<{ snapshot: Snapshot }>('pty:attach', { id: terminal.id });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('pty:attach was not answered')), 10_000));
  return (await Promise.race([attached, timeout])).snapshot;
};

const stillAlive = async (tag: string) => {
  await terminal.run(`echo ${tag}-$((20+22))`, new RegExp(`${tag}-42`));
  expect(server.process.exitCode).toBeNull();
};

describe('the screen mirror failing', () => {
  it('throwing: the terminal keeps echoing, and a reload gets a screen that says what was lost', async () => {
    await terminal.run('echo mirror-$((3+4))-throw', /mirror-7-throw/);
    // The first reload starts the mirror's worker, which parses the trigger and throws.
    const owed = await reattach();
    expect(owed.data).toContain('could not be restored');
    expect(owed.end).toBe(terminal.output.length);
    await stillAlive('after-mirror-throw');
    // A new mirror parses what came after: the next reload shows it.
    const again = await reattach();
    expect(again.data).toContain('could not be restored');
    expect(again.data).toContain('after-mirror-throw-42');
    expect(server.stderr()).toContain('test fault: throw in mirror');
    expect(server.stderr()).toMatch(/screen mirror stopped \(exit code 1\); restarting it/);
  });

  it('killed: the same, once its restart (after a wait, the second time) is due', async () => {
    await terminal.run('echo mirror-$((4+4))-exit', /mirror-8-exit/);
    await stillAlive('after-mirror-exit');
    expect((await reattach()).data).toContain('could not be restored');
    await expect
      .poll(() => server.stderr(), { timeout: 10_000 })
      .toMatch(/screen mirror stopped \(exit code 70\); restarting it in \d+ ms/);
    let n = 0;
    await expect
      .poll(
        async () => {
          n++;
          await terminal.run(`echo back-$((${n}+100))`, new RegExp(`back-${n + 100}`));
          return (await reattach()).data;
        },
        { timeout: 20_000, interval: 300 },
      )
      .toMatch(/back-1\d\d/);
  });
});

describe('the history database writer failing', () => {
  it.each([
    ['throw', 'echo writer-$((6*7))-throw', /writer-42-throw/],
    ['exit', 'echo writer-$((6*7+1))-exit', /writer-43-exit/],
  ])('%s: the terminal keeps working, the user is told, and recording resumes', async (_kind, line, marker) => {
    const before = statuses.length;
    await terminal.run(line, marker);
    await expect.poll(() => statuses.slice(before).map((s) => s.state), { timeout: 20_000 }).toEqual(['failing', 'ok']);
    const [failing, resumed] = statuses.slice(before) as [Status, Status];
    expect(failing).toMatchObject({ reason: 'writer', message: expect.stringContaining('the history database writer failed') });
    expect(resumed.message).toMatch(/^Recording resumed: the history database writer failed and was restarted\./);
    expect(resumed.lostBytes).toBeGreaterThan(0);
    await stillAlive(`after-writer-${_kind}`);
    // Recording works again: the command run after the restart is stored and listed.
    await expect
      .poll(async () => (await terminal.commands()).find((c) => c.commandLine === `echo after-writer-${_kind}-$((20+22))`)?.exitCode, {
        timeout: 15_000,
      })
      .toBe(0);
    expect(await client.invoke<Status>('history:status', {})).toMatchObject({ state: 'ok' });
  });
});

describe('the history database reader failing', () => {
  it.each(['throw', 'exit'])('%s: the search fails plainly (typed, not a crash), the terminal and later searches work', async (kind) => {
    const result = await client.invokeResult('commands:search', { query: `reader-boom-${kind}` });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'failed', message: expect.stringMatching(/reader failed while answering this/) },
    });
    await stillAlive(`after-reader-${kind}`);
    const found = (await client.invoke<{ commands: Array<{ commandLine: string }> }>('commands:search', { query: 'ready' })).commands;
    expect(found.map((c) => c.commandLine)).toContain('echo ready-$((1+1))');
  });
});
