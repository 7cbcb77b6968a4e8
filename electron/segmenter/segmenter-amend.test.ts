// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { mark, runOutput } from './testing/segmenter-steps';

describe('Segmenter: a command line completed at the end of the command', () => {
  // bash shows PS0 once for a pasted block, when only its first line has been read: the shell
  // sends the whole text again before the end mark.
  it('reports the whole line with the command end when E comes again while the command runs', () => {
    const stream =
      `${mark('A')}$ ${mark('B')}echo one\r\n${mark('E', 'echo one')}${mark('C')}one\r\ntwo\r\n` +
      `${mark('E', 'echo one\necho two')}${mark('D', 0)}${mark('A')}$ `;
    const { events } = runOutput([stream]);
    expect(events.filter((e) => e.type === 'command-start' || e.type === 'command-end')).toEqual([
      expect.objectContaining({ type: 'command-start', commandLine: 'echo one' }),
      { type: 'command-end', offset: 22, exitCode: 0, commandLine: 'echo one\necho two', at: 0 },
    ]);
  });

  it('keeps the end without a command line when no E came while it ran', () => {
    const { events } = runOutput([`${mark('A')}$ ${mark('B')}${mark('E', 'ls')}${mark('C')}x${mark('D', 1)}`]);
    expect(events.find((e) => e.type === 'command-end')).toEqual({ type: 'command-end', offset: 3, exitCode: 1, at: 0 });
  });
});
