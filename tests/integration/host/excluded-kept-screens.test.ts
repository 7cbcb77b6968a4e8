// SPDX-License-Identifier: MIT
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { filesWith, keptSessions, openHost } from '../support/kept-screens';

/**
 * A line kept out of the record stays out of every stored byte, the screens kept for the next start
 * included: the terminal that showed it is not kept (at the 15 s pass nor at shutdown), and its
 * restore shows the recorded output, which never held it.
 */
describe('an excluded line and the kept screens', () => {
  const token = randomUUID().slice(0, 8);
  let run: Awaited<ReturnType<typeof openHost>> | undefined;

  afterAll(async () => {
    await run?.stop();
  });

  it('keeps no screen that shows an excluded line, and the restore does not show it', async () => {
    run = await openHost();
    const { dataDir } = run.server;
    const excluding = await run.spawn();
    const other = await run.spawn();
    await run.client.invoke('workspace:save', { groups: [excluding, other].map((id) => ({ root: { kind: 'leaf', id }, focus: id })) });
    await run.run(excluding, 'HISTCONTROL=ignoreboth');
    await run.run(excluding, `echo before-${token}`);
    run.client.send('pty:input', { id: excluding, data: ` echo excluded-${token}-$((6*7))\r` });
    await run.next('pty:data', (p: { id: string; data: string }) => p.id === excluding && p.data.includes(`excluded-${token}-42`));
    await run.run(excluding, `echo after-${token}`);
    await run.run(other, `echo other-${token}`);
    // Shutdown keeps every keepable screen one last time.
    await run.stop();
    expect(filesWith(dataDir, `excluded-${token}`)).toEqual([]);
    expect(keptSessions(dataDir)).toEqual([other]);
    expect(filesWith(dataDir, `other-${token}`)).not.toEqual([]);

    run = await openHost(dataDir);
    const restored = await run.client.invoke<{ previous?: Record<string, string> }>('workspace:restore', { confirmed: true });
    const byOld = new Map(Object.entries(restored.previous ?? {}).map(([fresh, old]) => [old, fresh]));
    const shown = async (old: string) =>
      (await run!.client.invoke<{ snapshot: { data: string } }>('pty:attach', { id: byOld.get(old)! })).snapshot.data;
    expect(await shown(excluding)).toContain(`after-${token}`);
    expect(await shown(excluding)).not.toContain(`excluded-${token}`);
    expect(await shown(other)).toContain(`other-${token}`);
  });
});
