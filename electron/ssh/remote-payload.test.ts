// SPDX-License-Identifier: MIT
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../runtime/paths';
import { newNonce } from '../segmenter/protocol/mark-codec';
import { FALLBACK_SCRIPT, integrationScript, remoteAnswer } from './remote-payload';

/** Ctrl+U: the shell's kill-line, which the answer ends with. */
const KILL_LINE = '\x15';

const DIR = projectPath('resources/shell-integration');
const ID = 'c0123456789abcdef01234567';

describe('the answer typed into the remote tty', () => {
  it.each(['bash', 'zsh', 'fish'] as const)('for %s is a script sh accepts, writing every file then starting the shell', (shell) => {
    const script = integrationScript(shell, DIR, ID);
    const parsed = spawnSync('sh', ['-n'], { input: script, encoding: 'utf8' });
    expect(parsed.status, parsed.stderr).toBe(0);
    expect(script.split('\n').at(-1)).toMatch(/exec "\$s" /);
    expect(script).toContain('CONTEXTERM_NONCE_FILE=$d/n');
    // Comment-only lines are not sent (the remote reads the answer byte by byte).
    expect(script.split('\n').filter((line) => /^\s*#/.test(line))).toEqual([]);
  });

  /** The frame's parts: `:<id>:<length>:<base64><^U>`. */
  const parse = (answer: string) => /^:([A-Za-z0-9_-]+):([0-9a-f]{4}):([A-Za-z0-9+/=]*)(\x15)$/.exec(answer);
  const decode = (base64: string) => Buffer.from(base64, 'base64').toString('utf8');

  it.each([
    ['bash', () => remoteAnswer(ID, newNonce(), integrationScript('bash', DIR, ID))],
    ['zsh', () => remoteAnswer(ID, newNonce(), integrationScript('zsh', DIR, ID))],
    ['fish', () => remoteAnswer(ID, newNonce(), integrationScript('fish', DIR, ID))],
    ['an unsupported shell', () => remoteAnswer(ID, undefined, FALLBACK_SCRIPT)],
  ])('for %s has no byte a tty or line editor takes as submit, end of file, signal or escape', (_shell, answer) => {
    const text = answer();
    // Typed where no bootstrap reads it (the local shell, once ssh has gone), printable ASCII is
    // put on the line and the final ^U (kill line) takes it off again.
    const body = text.slice(0, -1);
    const controls = [...body].filter((char) => char < ' ' || char > '~');
    expect(controls.map((char) => char.charCodeAt(0))).toEqual([]);
    for (const control of [
      '\r',
      '\n',
      '\x04',
      '\x03',
      '\x1a',
      '\x1c',
      '\x0f',
      '\x16',
      '\x11',
      '\x13',
      '\x12',
      '\x17',
      '\x7f',
      '\x1b',
      '\0',
    ]) {
      expect(text.includes(control), `byte ${control.charCodeAt(0)}`).toBe(false);
    }
    expect(text.at(-1)).toBe(KILL_LINE);
    // No space either: zsh's magic-space, fish's abbreviations and bash's `bind space` act on one.
    expect(body).not.toContain(' ');
    // ssh's escape character is checked on the first byte of its input; plan.sh refuses `:` as one.
    expect(text[0]).toBe(':');
  });

  it('is one frame the bootstrap reads by byte count: id, length, base64 of the nonce and script, ^U', () => {
    const nonce = newNonce();
    const answer = remoteAnswer(ID, nonce, integrationScript('bash', DIR, ID));
    const [, id, length, base64] = parse(answer) ?? [];
    expect(id).toBe(ID);
    // The length counts every byte after the header: the base64 and the ^U.
    expect(Number.parseInt(length!, 16)).toBe(answer.length - `:${ID}:0000:`.length);
    expect(answer).not.toContain(nonce);
    const decoded = decode(base64!);
    expect(decoded.split('\n')[0]).toBe(nonce);
    expect(decoded).toContain('exec "$s" --init-file');
  });

  it('answers an unsupported shell without a nonce', () => {
    const [, , , base64] = parse(remoteAnswer(ID, undefined, FALLBACK_SCRIPT)) ?? [];
    expect(decode(base64!)).toBe(`none\n${FALLBACK_SCRIPT}\n`);
  });

  it('refuses an id or a script that the frame cannot carry', () => {
    expect(() => remoteAnswer('short', undefined, FALLBACK_SCRIPT)).toThrow(/request id/);
    expect(() => remoteAnswer(`${ID}\n`, undefined, FALLBACK_SCRIPT)).toThrow(/request id/);
    expect(() => remoteAnswer(ID, undefined, 'x'.repeat(50_000))).toThrow(/length field/);
  });
});
