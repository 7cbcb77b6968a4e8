// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { sgrOnly } from './sgr-only';

describe('sgrOnly', () => {
  it('keeps colours, styles and line controls', () => {
    const text = '\x1b[1;32mok\x1b[0m\ttab\r\nnext\x1b[38:5:196mred\x1b[m\n';
    expect(sgrOnly(text)).toBe(text);
  });

  it('drops titles, clipboard writes, links, screen switches, queries and stray controls', () => {
    const hostile =
      'a\x1b]0;title\x07b\x1b]52;c;ZXZpbA==\x1b\\c\x1b]8;;http://x\x07link\x1b]8;;\x07d\x1b[?1049he\x1b[6nf\x1b[2Jg\x1bPq#0\x1b\\h\x1b=i\u009b31mj\x00k\x1b]2;unterminated';
    expect(sgrOnly(hostile)).toBe('abclinkdefghi31mjk');
  });
});
