// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';
import { describe, expect, it } from 'vitest';
import { FlowControl } from '../../../shared/terminal/flow-control';
import { TerminalOutput } from './terminal-output';

/** xterm.js as TerminalOutput uses it: parses when told to (`finish`), or at once with `sync`. */
const fakeTerm = (sync: boolean) => {
  const log: string[] = [];
  const pending: Array<() => void> = [];
  const term = {
    rows: 5,
    options: { scrollback: 10 },
    parser: { registerCsiHandler: () => ({ dispose: () => undefined }) },
    reset: () => log.push('reset'),
    write: (data: string, parsed?: () => void) => {
      log.push(data.length > 20 ? `${data.length} chars` : data);
      if (sync) parsed?.();
      else if (parsed) pending.push(parsed);
    },
  };
  return { term: term as unknown as Terminal, log, finish: () => pending.shift()?.() };
};

describe('TerminalOutput', () => {
  it('acknowledges a flood at full length once parsed, though xterm got only what the history keeps', () => {
    const { term, log } = fakeTerm(true);
    const acks: number[] = [];
    const output = new TerminalOutput(term, (chars) => acks.push(chars));
    const flood = 'a line of a flood\r\n'.repeat(4000);
    output.write(flood);
    expect(acks).toEqual([flood.length]);
    expect(flood.length).toBeGreaterThan(FlowControl.ACK_CHARS);
    // 10 lines of history and 5 rows: a few dozen lines reach xterm, not 4,000.
    expect(Number.parseInt(log[0]!)).toBeLessThan(1000);
  });

  it('paints a snapshot in stream order: after what came before, before what comes after', () => {
    const { term, log, finish } = fakeTerm(false);
    const output = new TerminalOutput(term, () => undefined);
    output.write('before');
    output.repaint(
      'SNAP',
      () => log.push('marks cleared'),
      () => log.push('marks placed'),
    );
    output.write('after');
    expect(log).toEqual(['before']);
    finish();
    expect(log).toEqual(['before', 'reset', 'marks cleared', 'SNAP']);
    finish();
    expect(log).toEqual(['before', 'reset', 'marks cleared', 'SNAP', 'marks placed', 'after']);
  });
});
