// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { citationOf, citedIds } from './citations';

describe('answer citations', () => {
  it('finds each cited id once, in order, and nothing that only looks like one', () => {
    const text = `It failed [cmd:lq3x9a1b2c3d:14] because of a missing file; earlier [cmd:s1:2] and again [cmd:lq3x9a1b2c3d:14].
      Not citations: [cmd:] [cmd:a b:1] cmd:x:1 [cmd:x:y] \`[cmd:s1:]\``;
    expect(citedIds(text)).toEqual(['lq3x9a1b2c3d:14', 's1:2']);
    expect(citedIds(citationOf('abc:7'))).toEqual(['abc:7']);
  });
});
