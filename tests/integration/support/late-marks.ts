// SPDX-License-Identifier: MIT
import { expect } from 'vitest';
import type { CommandRecord } from '../../../shared/domain/command';
import { endedRecord } from '../../../electron/recorder/started-record';
import type { SegmentEvent } from '../../../electron/segmenter/segment-event';
import type { ShellSession } from './segmenter-harness';

type Start = Extract<SegmentEvent, { type: 'command-start' }>;
type End = Extract<SegmentEvent, { type: 'command-end' }>;

/** The line every shell's late-read test runs: 200 ms of silence, then a failure. */
export const SLOW_FAILURE = "sleep 0.2; sh -c 'exit 3'";

/**
 * Runs SLOW_FAILURE with the shell's output held from the segmenter until `prompt` is on the
 * screen (the shell has run it and printed its end mark), then hands it over in one read, as a
 * busy app reads it; checks the command is timed by the shell's clock and not by the stamps.
 */
export const expectTimedByShell = async (shell: ShellSession, prompt: string): Promise<void> => {
  const from = shell.raw.length;
  shell.hold();
  shell.type(`${SLOW_FAILURE}\r`);
  // The prompt after the line's echo: a prompt drawn again before it (zsh redraws its line) would
  // hand over the held output before the command had even ended.
  const echoed = await shell.waitForRaw("'exit 3'", from);
  await shell.waitForRaw(prompt, echoed);
  shell.release();
  const start = shell.events.findLast((e): e is Start => e.type === 'command-start')!;
  const end = shell.events.findLast((e): e is End => e.type === 'command-end')!;
  expect(start.commandLine).toBe(SLOW_FAILURE);
  expect(end.exitCode).toBe(3);
  // Read in one go: the app's own stamps cannot tell how long it ran; the shell's measure can.
  expect(end.at - start.at).toBeLessThan(200);
  expect(end.durationMs).toBeGreaterThanOrEqual(200);
  expect(end.durationMs).toBeLessThan(60_000);
  const ended = { exitCode: end.exitCode, endedAt: end.at, durationMs: end.durationMs, outputEnd: null, shellEnding: false };
  const ran = endedRecord({ startedAt: start.at } as CommandRecord, ended);
  expect(ran.endedAt! - ran.startedAt).toBe(end.durationMs);
  expect(ran.endedAt).toBe(end.at);
};
