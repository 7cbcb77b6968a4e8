// SPDX-License-Identifier: MIT
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { keptSessions, openHost } from '../support/kept-screens';

/**
 * A pane whose screen was not kept (here: a command of its session was forgotten, which drops the
 * kept screen) is restored from its recorded output. That output ends inside vim's alternate
 * screen; the restore must rebuild the normal screen from it, as a terminal would show it once vim
 * is gone, not replay vim's `~` rows as text.
 */
describe('restore without a kept screen', () => {
  const token = randomUUID().slice(0, 8);
  let run: Awaited<ReturnType<typeof openHost>> | undefined;

  afterAll(async () => {
    await run?.stop();
  });

  it('rebuilds the normal screen from the recorded output, leaving out what vim drew on the alternate screen', async () => {
    run = await openHost();
    const { dataDir } = run.server;
    const id = await run.spawn();
    await run.client.invoke('workspace:save', { groups: [{ root: { kind: 'leaf', id }, focus: id }] });
    const forgotten = await run.run(id, `echo forget-me-${token}`);
    await run.run(id, `echo before-${token}`);
    run.client.send('pty:input', { id, data: `vim -u NONE -c 'set nocompatible' /tmp/ct-restore-${token}\r` });
    let drawn = '';
    await run.next('pty:data', (p: { id: string; data: string }) => p.id === id && /\[New/.test((drawn += p.data)));
    await run.client.invoke('history:forget', { commandIds: [forgotten.id] });
    await run.stop();
    expect(keptSessions(dataDir)).toEqual([]);

    run = await openHost(dataDir);
    const restored = await run.client.invoke<{ previous?: Record<string, string> }>('workspace:restore', { confirmed: true });
    const fresh = Object.keys(restored.previous ?? {})[0]!;
    const shown = (await run.client.invoke<{ snapshot: { data: string } }>('pty:attach', { id: fresh })).snapshot.data;
    expect(shown).toContain(`before-${token}`);
    expect(shown).not.toContain(`forget-me-${token}`);
    // No row of vim's screen: its `~` rows and its goodbye on SIGHUP were drawn on the alternate screen.
    expect(shown).not.toMatch(/(^|\s)~(\s|$)/m);
    expect(shown).not.toContain('Caught deadly signal');
  });
});
