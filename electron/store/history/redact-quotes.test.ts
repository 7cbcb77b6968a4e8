// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { QuoteMatcher } from './redact-quotes';

describe('QuoteMatcher', () => {
  const matcher = new QuoteMatcher([
    { commandLine: 'export API_TOKEN=tok-55e1c0ffee', output: 'exported\nwarning: token tok-55e1c0ffee expires 2026-12-01\n' },
    { commandLine: 'ls', output: 'ok\n' },
  ]);

  it('replaces the command line, a quoted output line and distinctive words anywhere', () => {
    expect(
      matcher.redact('I ran `export API_TOKEN=tok-55e1c0ffee` and got:\n\n    warning: token tok-55e1c0ffee expires 2026-12-01\n'),
    ).toBe('I ran `[forgotten]` and got:\n\n    [forgotten]\n');
    expect(matcher.redact('The value was tok-55e1c0ffee.')).toBe('The value was [forgotten].');
    expect(matcher.redact('Set API_TOKEN=tok-55e1c0ffee again')).toBe('Set [forgotten]=[forgotten] again');
  });

  it('leaves plain words, short commands and short lines alone', () => {
    const text = 'ls shows the files; a warning is ok; the token expires soon.';
    expect(matcher.redact(text)).toBe(text);
  });

  it('redacts every string inside JSON and keeps its shape', () => {
    const json = JSON.stringify({ attachments: [{ commandId: 's:1' }], partialText: 'saw tok-55e1c0ffee', n: 3 });
    expect(JSON.parse(matcher.redactJson(json))).toEqual({ attachments: [{ commandId: 's:1' }], partialText: 'saw [forgotten]', n: 3 });
  });
});
