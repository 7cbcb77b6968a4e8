// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type AppServer } from '../../e2e/support/app';
import { HostClient } from '../support/host-ws-client';

/**
 * kill -9 of the whole host while four tabs stream output. What a client has received was handed
 * to the store before it was sent, so after a restart everything received more than a second
 * before the kill must be in the database, which must pass integrity_check.
 */
describe('durability', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ct-durability-'));
  let server: AppServer;

  beforeAll(async () => {
    server = await startServer({ dataDir });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps every chunk older than 1 s and a sound database across kill -9', async () => {
    const client = await HostClient.connect(server.origin, server.token);
    const received = new Map<string, Array<{ at: number; text: string }>>();
    client.on((channel, payload) => {
      if (channel !== 'pty:data') return;
      const { id, data } = payload as { id: string; data: string };
      received.get(id)?.push({ at: Date.now(), text: data });
    });
    const ids: string[] = [];
    for (let tab = 0; tab < 4; tab++) {
      const info = await client.invoke<{ id: string }>('pty:spawn', { cols: 120, rows: 40 });
      received.set(info.id, []);
      ids.push(info.id);
      client.send('pty:input', { id: info.id, data: `for i in $(seq 1 2000000); do echo "tab${tab} line $i"; done\r` });
    }
    // Ack everything at once so flow control never holds the streams back.
    client.on((channel, payload) => {
      if (channel === 'pty:data') {
        const { id, data } = payload as { id: string; data: string };
        client.send('pty:ack', { id, chars: data.length });
      }
    });
    // Streams until every tab has output older than the 1 s the test allows to be lost: on a fast
    // machine 2000 lines take well under a second, and then nothing would be checked at all.
    await new Promise<void>((resolve) => {
      const check = client.on(() => {
        const lines = [...received.values()].map(
          (chunks) =>
            chunks
              .map((c) => c.text)
              .join('')
              .split('\n').length,
        );
        const oldEnough = [...received.values()].every((chunks) => chunks.length > 0 && chunks[0]!.at < Date.now() - 1500);
        if (oldEnough && lines.every((count) => count > 2000)) {
          check();
          resolve();
        }
      });
    });
    const killedAt = Date.now();
    server.process.kill('SIGKILL');
    await server.stop();
    client.close();

    server = await startServer({ dataDir });
    // The address comes out before the store has opened (and ended the sessions the kill left
    // open); a request is answered only once it has.
    const ready = await HostClient.connect(server.origin, server.token);
    await ready.invoke('app:info', {});
    ready.close();
    const db = new Database(join(dataDir, 'contexterm.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const open = db.prepare('SELECT count(*) AS n FROM sessions WHERE ended_at IS NULL').get() as { n: number };
      expect(open.n).toBe(0);
      for (const id of ids) {
        const old = received
          .get(id)!
          .filter((chunk) => chunk.at < killedAt - 1000)
          .map((chunk) => chunk.text)
          .join('');
        const rows = db.prepare('SELECT data FROM chunks WHERE session_id = ? AND direction = 1 ORDER BY seq').all(id) as Array<{
          data: Buffer;
        }>;
        const stored = Buffer.concat(rows.map((row) => row.data)).toString('utf8');
        expect(old.length).toBeGreaterThan(0);
        expect(stored.startsWith(old)).toBe(true);
      }
    } finally {
      db.close();
    }
  });
});
