// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { plainScrollback } from './restored-scrollback';

describe('plainScrollback', () => {
  it('shows the last output as plain dimmed text above a divider', () => {
    const out = plainScrollback('\x1b[31mred\x1b[0m line\r\n$ ls\r\na  b\r\n\r\n', 'restored · /tmp');
    expect(out).toBe('\x1b[2mred line\r\n$ ls\r\na  b\x1b[0m\r\n\x1b[2m── restored · /tmp ──\x1b[0m\r\n');
  });

  it('keeps the last state of a redrawn line and drops controls that would act on the new screen', () => {
    expect(plainScrollback('10%\r50%\r100%\x07\n', 'x')).toContain('100%\x1b[0m');
    expect(plainScrollback('a\x1bb\n', 'x')).not.toContain('\x1bb');
  });

  it('is empty for a session that printed nothing', () => {
    expect(plainScrollback('\r\n  \r\n', 'x')).toBe('');
  });

  it('keeps only the last 200 lines', () => {
    const out = plainScrollback(Array.from({ length: 500 }, (_, i) => `line ${i}`).join('\n'), 'x');
    expect(out).toContain('line 499');
    expect(out).not.toContain('line 299\r');
    expect(out).toContain('line 300');
  });
});
