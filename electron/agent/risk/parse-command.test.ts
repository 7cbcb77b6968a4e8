// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { parseCommandLine, type ParsedLine } from './parse-command';

const commandsOf = (parsed: ParsedLine): string[] =>
  parsed.ok ? parsed.commands.map((c) => [...c.wrappers.map((w) => `${w}:`), c.name, ...c.args.map((a) => a.value)].join(' ')) : [];

describe('parseCommandLine', () => {
  it('flattens pipelines, lists, subshells, groups and substitutions, a substitution before the command that uses it', async () => {
    const parsed = await parseCommandLine('a | b && (c; { d; }) || echo $(e `f`) <(g)');
    expect(commandsOf(parsed)).toEqual(['a', 'b', 'c', 'd', 'f', 'e `f`', 'g', 'echo $(e `f`) <(g)']);
  });

  it('removes quotes and escapes the way the shell does, and marks globs only when unquoted', async () => {
    const parsed = await parseCommandLine(`rm '-rf' "a b" c\\ d *.o '*.txt' $HOME/x`);
    if (!parsed.ok) throw new Error(parsed.reason);
    const args = parsed.commands[0]?.args ?? [];
    expect(args.map((a) => a.value)).toEqual(['-rf', 'a b', 'c d', '*.o', '*.txt', '$HOME/x']);
    expect(args.map((a) => a.glob)).toEqual([false, false, false, true, false, false]);
    expect(args.map((a) => a.dynamic)).toEqual([false, false, false, false, false, true]);
  });

  it('keeps redirections with their operator and unquoted target', async () => {
    const parsed = await parseCommandLine(`make > 'out file' 2>&1 >> log &> all; cat < in`);
    expect(parsed.ok && parsed.redirects.map((r) => [r.op, r.target])).toEqual([
      ['>', 'out file'],
      ['>&', '1'],
      ['>>', 'log'],
      ['&>', 'all'],
      ['<', 'in'],
    ]);
  });

  it('looks through wrappers, keeping the chain, and parses eval and sh -c strings again', async () => {
    const parsed = await parseCommandLine(`sudo -u root env A=1 timeout 5 xargs -n 1 rm -r; eval 'git push -f'; bash -lc "ls | wc"`);
    expect(commandsOf(parsed)).toEqual([
      'sudo -u root',
      'sudo: env A=1',
      'sudo: env: timeout 5',
      'sudo: env: timeout: xargs -n 1',
      'sudo: env: timeout: xargs: rm -r',
      'eval',
      'git push -f',
      'bash -lc ls | wc',
      'ls',
      'wc',
    ]);
  });

  it('finds the commands find runs with -exec and -ok', async () => {
    const parsed = await parseCommandLine(`find . -exec grep -l x {} + -ok rm {} \\;`);
    expect(commandsOf(parsed).slice(1)).toEqual(['find -exec: grep -l x {}', 'find -exec: rm {}']);
  });

  it('answers not ok, with a reason, for text bash cannot parse', async () => {
    const parsed = await parseCommandLine('for x in; do');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toContain('not valid shell syntax');
  });
});
