// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { channels } from '../../shared/ipc';
import { openExternalSafely } from './external-links';

const opened: string[] = [];
const open = (url: string) => (opened.push(url), Promise.resolve());
const attempt = (raw: unknown) => {
  opened.length = 0;
  const result = openExternalSafely(raw, open);
  return { result, opened: [...opened] };
};

describe('openExternalSafely', () => {
  it('hands the OS the normalised href, never the raw string', () => {
    expect(attempt('  https://Example.COM/a b  ')).toEqual({
      result: 'https://example.com/a%20b',
      opened: ['https://example.com/a%20b'],
    });
    expect(attempt('HTTP://example.com').opened).toEqual(['http://example.com/']);
    expect(attempt('mailto:dev@example.com?subject=Hi').opened).toEqual(['mailto:dev@example.com?subject=Hi']);
  });

  it.each([
    ['an embedded newline', 'https://x\nfile:///y'],
    ['an embedded tab', 'https://exa\tmple.com/'],
    ['a carriage return', 'https://example.com/\r'],
    ['a leading control character', '\u0000https://example.com/'],
    ['a C1 control', 'https://example.com/\u0085'],
    ['a line separator', 'https://example.com/\u2028'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: with spaces', '  javascript:alert(1)'],
    ['file:', 'file:///etc/passwd'],
    ['smb:', 'smb://attacker.example/share'],
    ['a UNC-like file host', 'file://attacker.example/share/x.exe'],
    ['a custom handler', 'ms-msdt:/id PCWDiagnostic'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['credentials that disguise the host', 'https://bank.example@evil.example/'],
    ['a password', 'https://user:secret@example.com/'],
    ['a mailto attachment', 'mailto:a@example.com?attach=/home/me/.ssh/id_ed25519'],
    ['an empty mailto', 'mailto:'],
    ['no URL at all', 'not a url'],
    ['a relative path', '/etc/passwd'],
    ['an over-long URL', `https://example.com/${'a'.repeat(9000)}`],
    ['a URL that only grows past the limit when normalised', `https://example.com/${' '.repeat(3000)}x`],
    ['a non-string', { href: 'https://example.com/' }],
  ])('refuses %s', (_name, raw) => {
    expect(attempt(raw)).toEqual({ result: undefined, opened: [] });
  });

  it('survives an OS handler that fails', async () => {
    expect(openExternalSafely('https://example.com/', () => Promise.reject(new Error('no handler')))).toBe('https://example.com/');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});

describe('app:open-external contract', () => {
  const accepts = (url: string) => channels['app:open-external'].args.safeParse({ url }).success;

  it('refuses what z.url() alone let through', () => {
    expect(accepts('https://example.com/')).toBe(true);
    expect(accepts('https://x\nfile:///y')).toBe(false);
    expect(accepts('https://user:secret@example.com/')).toBe(false);
    expect(accepts('mailto:a@example.com')).toBe(false);
  });
});
