// SPDX-License-Identifier: MIT
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { filesWith, keptSessions, openHost } from '../support/kept-screens';

/**
 * The screens kept for the next start (settings, `workspace-screens`) hold what the terminal showed:
 * forgetting a command must take them too, keep them from coming back at the next keep (here the
 * one at shutdown, after the forget still in its undo window is erased), and the restored pane
 * must not show it. A paused terminal's screen is not kept either.
 */
describe('forgetting and the kept screens', () => {
  const token = randomUUID().slice(0, 8);
  let run: Awaited<ReturnType<typeof openHost>> | undefined;

  afterAll(async () => {
    await run?.stop();
  });

  it('drops the kept screen of a forgotten command, keeps it dropped, and the restore does not show it', async () => {
    run = await openHost();
    const { dataDir } = run.server;
    const forgotten = await run.spawn();
    const kept = await run.spawn();
    const paused = await run.spawn();
    await run.client.invoke('workspace:save', {
      groups: [forgotten, kept, paused].map((id) => ({ root: { kind: 'leaf', id }, focus: id })),
    });
    const secret = await run.run(forgotten, `echo forgotten-${token}`);
    await run.run(forgotten, `echo stays-${token}`);
    await run.run(kept, `echo other-${token}`);
    await run.run(paused, `echo paused-before-${token}`);
    await run.client.invoke('pty:recording', { id: paused, paused: true });
    await run.client.invoke('commands:list', { sessionId: forgotten });
    // Erased at shutdown (still in its undo window), before the screens are kept for the last time.
    await run.client.invoke('history:forget', { commandIds: [secret.id], undoMs: 30_000 });
    await run.stop();
    expect(filesWith(dataDir, `forgotten-${token}`)).toEqual([]);
    // The keeper did run: the untouched terminal's screen is kept, the forgotten and paused ones' are not.
    expect(keptSessions(dataDir)).toEqual([kept]);
    expect(filesWith(dataDir, `other-${token}`)).not.toEqual([]);

    // The next start restores all three: the forgotten one from its recorded output (without the command).
    run = await openHost(dataDir);
    const restored = await run.client.invoke<{ groups: Array<{ focus: string }>; previous?: Record<string, string> }>('workspace:restore', {
      confirmed: true,
    });
    const byOld = new Map(Object.entries(restored.previous ?? {}).map(([fresh, old]) => [old, fresh]));
    const shown = async (old: string) =>
      (await run!.client.invoke<{ snapshot: { data: string } }>('pty:attach', { id: byOld.get(old)! })).snapshot.data;
    expect(await shown(forgotten)).toContain(`stays-${token}`);
    expect(await shown(forgotten)).not.toContain(`forgotten-${token}`);
    expect(await shown(kept)).toContain(`other-${token}`);

    // Forgetting a command of the last run drops the screen the last run kept for it, at once.
    const other = (
      await run.client.invoke<{ commands: Array<{ id: string; commandLine: string | null }> }>('commands:search', {
        query: `other-${token}`,
      })
    ).commands.find((c) => c.commandLine === `echo other-${token}`)!;
    await run.client.invoke('history:forget', { commandIds: [other.id] });
    await run.client.invoke('history:free-space', {});
    expect(keptSessions(dataDir)).not.toContain(kept);
    // Nor is the terminal that continues it kept, whose restored lines show it: not at shutdown either.
    await run.stop();
    run = undefined;
    expect(keptSessions(dataDir)).not.toContain(byOld.get(kept));
    expect(filesWith(dataDir, `other-${token}`)).toEqual([]);
  });
});
