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

  it('is comment lines of base64, with no line starting with ssh’s escape character and no nonce in the clear', () => {
    const nonce = newNonce();
    const answer = remoteAnswer(ID, nonce, integrationScript('bash', DIR, ID));
    const lines = answer.slice(1, -1).split('\n');
    expect(lines[0]).toBe(` #${ID}-go`);
    expect(lines.at(-1)).toBe(` #${ID}-end`);
    expect(lines.every((line) => /^ #[A-Za-z0-9+/=-]{1,64}$/.test(line))).toBe(true);
    expect(answer).not.toContain(nonce);
    const decoded = Buffer.from(lines.slice(1, -1).map((line) => line.slice(2)).join(''), 'base64').toString('utf8');
    expect(decoded.split('\n')[0]).toBe(nonce);
    expect(decoded).toContain('exec "$s" --init-file');
  });

  it.each([
    ['sh', ['-s']],
    ['bash', ['--norc', '-i']],
    ['zsh', ['-f', '-i', '-o', 'interactive_comments']],
    ['fish', ['--no-config', '-i']],
  ] as const)('runs nothing when %s reads it as input (an answer that lands at a prompt)', (shell, args) => {
    const answer = remoteAnswer(ID, newNonce(), integrationScript('zsh', DIR, ID)) + 'echo still-$((2+3))-here\n';
    const result = spawnSync(shell, [...args], { input: answer, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: '/nonexistent', TERM: 'dumb' } });
    expect(result.stdout + result.stderr).not.toMatch(/command not found|Unknown command|syntax error|parse error/i);
    if (shell !== 'fish') expect(result.stdout).toContain('still-5-here');
  });

  it('answers an unsupported shell without a nonce', () => {
    const answer = remoteAnswer(ID, undefined, FALLBACK_SCRIPT);
    const body = Buffer.from(answer.slice(1, -1).split('\n').slice(1, -1).map((line) => line.slice(2)).join(''), 'base64').toString('utf8');
    expect(body).toBe(`none\n${FALLBACK_SCRIPT}\n`);
  });
});
