// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { TerminalMark } from '../../../shared/ipc/pty';
import { LiveOutput } from './live-output';

const PROMPT: TerminalMark = { kind: 'prompt', commandId: null, exitCode: null };

const target = () => {
  const got: string[] = [];
  return { got, value: { write: (data: string) => got.push(data), applyMark: (mark: TerminalMark) => got.push(`<${mark.kind}>`) } };
};

describe('LiveOutput', () => {
  it('writes live output straight through when no attach is in flight', () => {
    const t = target();
    const live = new LiveOutput(() => t.value);
    live.data('p', 'abc', 3);
    live.mark('p', PROMPT, 3);
    expect(t.got).toEqual(['abc', '<prompt>']);
  });

  it('holds output during an attach and writes only what follows the snapshot', () => {
    const t = target();
    const live = new LiveOutput(() => t.value);
    live.begin('p');
    live.data('p', 'old', 10);
    live.data('p', 'straddle', 18);
    live.mark('p', PROMPT, 18);
    live.data('p', 'new', 21);
    expect(t.got).toEqual([]);
    live.finish('p', { end: 14 });
    expect(t.got).toEqual(['ddle', '<prompt>', 'new']);
    live.data('p', 'after', 26);
    expect(t.got.at(-1)).toBe('after');
  });

  it('keeps the output of a pty whose terminal does not exist yet (a spawn answered late)', () => {
    const t = target();
    let known = false;
    const live = new LiveOutput(() => (known ? t.value : undefined));
    live.data('p', '$ ', 2);
    known = true;
    live.finish('p');
    expect(t.got).toEqual(['$ ']);
  });
});
