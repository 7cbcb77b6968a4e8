// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALL_MS } from '../../../electron/runtime/test-faults';
import { startServer, type AppServer } from '../../e2e/support/app';
import { HostClient } from '../support/host-ws-client';
import { Terminal } from '../support/host-terminal';

/**
 * The history writer falling behind (a slow disk, a long prune) holds back the terminal that
 * floods it, never the others. A real host runs with the writer planted to block for STALL_MS when
 * it sees the trigger (electron/runtime/test-faults.ts); one terminal then floods past the store's
 * backlog limit while another is typed in. A bench run on CI once waited over 10 s for a letter's
 * echo while `yes` ran in a hidden tab: the backlog was the store's as a whole, so every pty
 * paused with the one that filled it.
 */
const MB = 1024 * 1024;
let server: AppServer;
let client: HostClient;

beforeAll(async () => {
  server = await startServer({ env: { CONTEXTERM_TEST_FAULTS: 'writer:stall:writer-stall-0-now' } });
  client = await HostClient.connect(server.origin, server.token);
});

afterAll(async () => {
  client?.close();
  expect(await server?.stop()).toBe(0);
});

describe('a stalled history writer', () => {
  it(
    'holds back only the terminal that floods it: another one answers at once, and the flood finishes afterwards',
    async () => {
      const flood = await Terminal.open(client);
      const typed = await Terminal.open(client);
      await typed.run('echo ready-$((1+1))', /ready-2/);
      // The trigger is computed by the shell, so only the output (not the echoed line) stalls the writer.
      flood.client.send('pty:input', {
        id: flood.id,
        data: 'echo writer-stall-$((0))-now; yes | head -c 24000000; echo flood-$((2+3))-done\r',
      });
      // The store's backlog limit is 8 MiB (session-recorder.ts): the flooding pty is held once what
      // it printed after the trigger passes it, within one read of this point.
      await expect.poll(() => flood.output.length, { timeout: 20_000, interval: 20 }).toBeGreaterThan(8 * MB);
      const heldAt = flood.output.length;
      const started = performance.now();
      await typed.run('echo typed-$((6*7))', /typed-42/);
      const answeredMs = performance.now() - started;
      // Still inside the stall: the flood is held (it has not finished), the other terminal was not.
      expect(flood.output).not.toMatch(/flood-5-done/);
      expect(answeredMs).toBeLessThan(STALL_MS / 3);
      expect(flood.output.length - heldAt).toBeLessThan(MB);
      await expect.poll(() => /flood-5-done/.test(flood.output), { timeout: STALL_MS + 30_000, interval: 100 }).toBe(true);
    },
    STALL_MS + 60_000,
  );
});
