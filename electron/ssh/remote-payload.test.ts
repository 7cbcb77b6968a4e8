// SPDX-License-Identifier: MIT
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../runtime/paths';
import { newNonce } from '../segmenter/mark-codec';
import { FALLBACK_SCRIPT, integrationScript, remoteAnswer } from './remote-payload';

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

  it('puts a guard byte before every line, so no line starts with ssh’s escape character', () => {
    const nonce = newNonce();
    const answer = remoteAnswer(ID, nonce, integrationScript('bash', DIR, ID));
    const lines = answer.slice(1, -1).split('\n');
    expect(lines.every((line) => line.startsWith(':'))).toBe(true);
    expect(lines[0]).toBe(`:${ID}-go`);
    expect(lines[1]).toBe(`:${nonce}`);
    expect(lines.at(-1)).toBe(`:${ID}-end`);
    // The nonce appears once: as the line the bootstrap keeps in a variable, never in the script.
    expect(answer.split(nonce)).toHaveLength(2);
  });

  it('answers an unsupported shell without a nonce', () => {
    const answer = remoteAnswer(ID, undefined, FALLBACK_SCRIPT);
    expect(answer).toContain(':none\n');
    expect(answer).toContain(':rm -rf "$d"; exec "$s" -l\n');
  });
});
