// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { ExitBehaviour } from '../../shared/ipc/settings';
import { closeOnExit, closesOnExit } from './close-on-exit';
import { PtyManager } from './pty-manager';
import { FakePtyHost } from './testing/fake-pty-host';

/** As in close-on-exit.ts. */
const QUICK_FAILURE_MS = 3000;

const clean = { exitCode: 0, signal: null };
const failed = { exitCode: 3, signal: null };
const killed = { exitCode: null, signal: 9 };

describe('closesOnExit', () => {
  it('closes always, after a clean exit only, or never', () => {
    expect([clean, failed, killed].map((exit) => closesOnExit('close', exit))).toEqual([true, true, true]);
    expect([clean, failed, killed].map((exit) => closesOnExit('clean', exit))).toEqual([true, false, false]);
    expect([clean, failed, killed].map((exit) => closesOnExit('keep', exit))).toEqual([false, false, false]);
  });

  it('keeps a terminal that failed as it started, so its error can be read', () => {
    expect(closesOnExit('close', failed, 200)).toBe(false);
    expect(closesOnExit('close', killed, 200)).toBe(false);
    expect(closesOnExit('close', clean, 200)).toBe(true);
    expect(closesOnExit('close', failed, QUICK_FAILURE_MS)).toBe(true);
  });
});

describe('closeOnExit', () => {
  const setup = (behaviour: ExitBehaviour) => {
    const host = new FakePtyHost();
    const ptys = new PtyManager(host);
    const closed: string[] = [];
    let clock = 0;
    const announced = new Promise<string>((resolve) =>
      closeOnExit(
        ptys,
        () => behaviour,
        (id) => (closed.push(id), resolve(id)),
        () => clock,
      ),
    );
    /** Lets the terminals run for a while before they exit. */
    const later = () => (clock += 60_000);
    return { host, ptys, closed, announced, later };
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('removes an exited terminal from the list and announces it once', async () => {
    const { host, ptys, closed, announced, later } = setup('close');
    const pty = ptys.spawn({ cols: 80, rows: 24 });
    later();
    host.spawned[0]!.finish(clean);
    expect(await announced).toBe(pty.id);
    expect(ptys.list()).toEqual([]);
    await settle();
    expect(closed).toEqual([pty.id]);
  });

  it('keeps a failed terminal under "clean", listed with its exit code', async () => {
    const { host, ptys, closed, later } = setup('clean');
    const pty = ptys.spawn({ cols: 80, rows: 24 });
    later();
    host.spawned[0]!.finish(failed);
    await settle();
    expect(closed).toEqual([]);
    expect(ptys.get(pty.id)?.exit).toEqual(failed);
  });

  it('keeps a terminal that failed straight away under "close"', async () => {
    const { host, ptys, closed } = setup('close');
    const pty = ptys.spawn({ cols: 80, rows: 24 });
    host.spawned[0]!.finish({ exitCode: 127, signal: null });
    await settle();
    expect(closed).toEqual([]);
    expect(ptys.get(pty.id)?.exit?.exitCode).toBe(127);
  });

  it('announces nothing for a terminal the user closed (its kill is the close)', async () => {
    const { ptys, closed } = setup('close');
    const pty = ptys.spawn({ cols: 80, rows: 24 });
    expect(await ptys.kill(pty.id)).toBe(true);
    await settle();
    expect(closed).toEqual([]);
  });
});
