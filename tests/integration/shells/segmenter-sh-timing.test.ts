// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SegmentEvent } from '../../../electron/segmenter/segmenter';
import { ShellSession } from '../support/segmenter-harness';

type Start = Extract<SegmentEvent, { type: 'command-start' }>;
type End = Extract<SegmentEvent, { type: 'command-end' }>;

/**
 * dash in heuristic mode: a command is timed from the Enter that submitted it, although the
 * segmenter only learns where its output starts when output (or the next prompt) appears, which
 * for a silent command is when it has ended.
 */
describe('heuristic timing of commands under /bin/sh (dash, no integration)', () => {
  let sh: ShellSession;

  const promptShown = (from: number) => sh.waitFor('a prompt', () => /[$#] $/.test(sh.raw.slice(from)) || undefined);

  /** Types `line` + Enter; returns when the Enter was pressed (the segmenter reads the same clock). */
  const enter = (line: string): number => {
    const at = Date.now();
    sh.type(`${line}\r`);
    return at;
  };

  /** Confirms the prompt on screen with a keystroke (closing the last command), then discards it. */
  const touchPrompt = async () => {
    const from = sh.raw.length;
    sh.type('x\x03');
    await promptShown(from);
  };

  /** The start and end events of the command recorded last. */
  const last = (): { start: Start; end: End } => {
    const starts = sh.events.filter((e): e is Start => e.type === 'command-start');
    const ends = sh.events.filter((e): e is End => e.type === 'command-end');
    expect(ends.length).toBe(starts.length);
    return { start: starts.at(-1)!, end: ends.at(-1)! };
  };

  beforeAll(async () => {
    sh = new ShellSession('/bin/sh');
    await promptShown(0);
  });
  afterAll(() => sh.close());

  it('times a silent command from its Enter to its prompt', async () => {
    const from = sh.raw.length;
    const pressed = enter('sleep 0.2; (exit 3)');
    await sh.waitForRaw('\n', from);
    await promptShown(from);
    await touchPrompt();
    const { start, end } = last();
    expect(sh.commands().at(-1)).toMatchObject({ commandLine: 'sleep 0.2; (exit 3)', output: '', exitCode: null, source: 'heuristic' });
    expect(start.at - pressed).toBeGreaterThanOrEqual(0);
    expect(start.at - pressed).toBeLessThan(100);
    expect(end.at - start.at).toBeGreaterThanOrEqual(200);
  });

  it('times an interrupted command from its Enter to the Ctrl+C', async () => {
    const from = sh.raw.length;
    const pressed = enter('sleep 10');
    await sh.waitFor('sleep in the foreground', () => sh.foreground() === 'sleep' || undefined);
    // The scenario is an interrupt after about a second of silence: wait for the clock, not output.
    await sh.waitFor('a second of sleep', () => Date.now() - pressed >= 1000 || undefined);
    const interrupted = Date.now();
    sh.type('\x03');
    await promptShown(from + 'sleep 10'.length);
    const promptSeen = Date.now();
    await touchPrompt();
    const { start, end } = last();
    expect(sh.commands().at(-1)).toMatchObject({ commandLine: 'sleep 10', exitCode: null });
    expect(start.at - pressed).toBeGreaterThanOrEqual(0);
    expect(start.at - pressed).toBeLessThan(100);
    expect(end.at).toBeGreaterThanOrEqual(interrupted);
    expect(end.at).toBeLessThanOrEqual(promptSeen);
  });

  it('settles continuation lines as one command that started at the first Enter', async () => {
    const from = sh.raw.length;
    const first = enter('for i in 1 2; do');
    await sh.waitForRaw('> ', from);
    const second = sh.raw.length;
    const secondAt = enter('echo "n$i"');
    await sh.waitForRaw('> ', second);
    enter('done');
    await sh.waitForRaw('n2', second);
    await promptShown(second);
    await touchPrompt();
    const { start } = last();
    expect(sh.commands().at(-1)).toMatchObject({ commandLine: 'for i in 1 2; do\necho "n$i"\ndone', output: 'n1\nn2' });
    expect(start.at - first).toBeGreaterThanOrEqual(0);
    expect(start.at).toBeLessThan(secondAt);
  });
});
