// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { describeRedactions, markRedactions } from './redaction-marks';

describe('redaction marks', () => {
  it('splits placeholders out of the text', () => {
    expect(markRedactions('key=[REDACTED:aws-key] and [REDACTED:jwt].')).toEqual([
      { kind: 'text', text: 'key=' },
      { kind: 'redacted', text: '[REDACTED:aws-key]', label: 'aws-key' },
      { kind: 'text', text: ' and ' },
      { kind: 'redacted', text: '[REDACTED:jwt]', label: 'jwt' },
      { kind: 'text', text: '.' },
    ]);
    expect(markRedactions('[REDACTED:Bad Kind]')).toEqual([{ kind: 'text', text: '[REDACTED:Bad Kind]' }]);
    expect(describeRedactions({ jwt: 1, 'aws-key': 2, none: 0 })).toBe('2 × aws-key, 1 × jwt');
  });
});
