// SPDX-License-Identifier: MIT
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../runtime/paths';
import { ContextermOscPt, FinalTermOscPt, MarkProperty, OscPs, VSCodeOscPt, markExitCode, markFields, readMark } from './osc-protocol';

const read = (payload: string) => readMark(Buffer.from(payload, 'latin1'), 0, payload.length);

describe('readMark', () => {
  it('names the protocol: 133 is FinalTerm, 633 VS Code, except our own letters', () => {
    expect(read('133;A')).toMatchObject({ protocol: 'finalterm', code: FinalTermOscPt.PromptStart });
    expect(read('133;D;0')).toMatchObject({ protocol: 'finalterm', code: FinalTermOscPt.CommandFinished });
    expect(read('633;E;ls')).toMatchObject({ protocol: 'vscode', code: VSCodeOscPt.CommandLine });
    expect(read('633;P;Cwd=/tmp')).toMatchObject({ protocol: 'vscode', code: VSCodeOscPt.Property });
    expect(read('633;S;id;host')).toMatchObject({ protocol: 'contexterm', code: ContextermOscPt.SshStart });
    expect(read('633;R;/bin/sh;me')).toMatchObject({ protocol: 'contexterm', code: ContextermOscPt.SshRequest });
    // VS Code's own A–D in 633 and our letters in 133 are not ours to act on: the handlers ignore them.
    expect(read('633;A')).toMatchObject({ protocol: 'vscode', code: 'A' });
    expect(read('133;S;id;host')).toMatchObject({ protocol: 'finalterm', code: 'S' });
  });

  it('drops a mark whose letter is missing or longer than one', () => {
    for (const payload of ['133', '133;', '133;AB', '633;EE;x', '633;;x']) expect(read(payload), payload).toBeNull();
  });

  it('gives the fields after the letter, escaped as sent', () => {
    expect(markFields(read('633;E;echo a\\x3bb')!)).toBe('echo a\\x3bb');
    expect(markFields(read('633;S;id;host')!)).toBe('id;host');
    expect(markFields(read('133;C')!)).toBe('');
    // Fields are read within the payload, never past its end.
    const data = Buffer.from('xx133;B;nonce', 'latin1');
    expect(markFields(readMark(data, 2, 7)!)).toBe('');
  });

  it('reads exit codes, and nothing that is not one', () => {
    const exit = (payload: string) => markExitCode(read(payload)!);
    expect(exit('133;D;0')).toBe(0);
    expect(exit('133;D;130')).toBe(130);
    expect(exit('133;D;-2')).toBe(-2);
    for (const payload of ['133;D', '133;D;', '133;D;-', '133;D;1x', '133;D;12345678901']) expect(exit(payload), payload).toBeNull();
  });
});

/** Every `<Ps>;<Pt>` the scripts print, as `133;A`, with the files (relative to the folder) that print it. */
const emittedSequences = (dir: string): Map<string, string[]> => {
  const found = new Map<string, string[]>();
  const walk = (path: string): void => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const text = readFileSync(full, 'utf8').replace(/^\s*#.*$/gm, '');
        // `__contexterm_mark "633;E;…"`, or a literal introducer: `\e]133;B;` in PS1, `\033]633;R;` in the bootstrap.
        for (const match of text.matchAll(/(?:__contexterm_mark "|\\e\]|\\033\])(\d+);([A-Za-z]+)/g)) {
          const key = `${match[1]};${match[2]}`;
          const files = found.get(key) ?? [];
          if (!files.includes(relative(dir, full))) files.push(relative(dir, full));
          found.set(key, files.sort());
        }
      }
    }
  };
  walk(dir);
  return found;
};

describe('the protocol table against resources/shell-integration', () => {
  const dir = projectPath('resources/shell-integration');
  const emitted = emittedSequences(dir);
  const named = [
    ...Object.values(FinalTermOscPt).map((pt) => `${OscPs.FinalTerm};${pt}`),
    ...[...Object.values(VSCodeOscPt), ...Object.values(ContextermOscPt)].map((pt) => `${OscPs.VSCode};${pt}`),
  ];

  it('names every sequence a script prints, and prints every named one', () => {
    expect([...emitted.keys()].sort()).toEqual(named.sort());
  });

  it('says truly which script prints which sequence (the "Emitted by" column of osc-protocol.ts)', () => {
    const shells = ['bash/contexterm.bash', 'fish/vendor_conf.d/contexterm.fish', 'zsh/contexterm.zsh'];
    expect(Object.fromEntries(emitted)).toEqual({
      '133;A': shells,
      '133;B': shells,
      '133;C': shells,
      '133;D': shells,
      '633;E': shells,
      '633;P': shells,
      '633;S': shells,
      '633;R': ['ssh/bootstrap.sh'],
    });
  });

  it('names every property key the scripts report', () => {
    const keys = new Set<string>();
    for (const file of ['bash/contexterm.bash', 'zsh/contexterm.zsh', 'fish/vendor_conf.d/contexterm.fish']) {
      for (const match of readFileSync(join(dir, file), 'utf8').matchAll(/633;P;(\w+)=/g)) keys.add(match[1]!);
    }
    expect([...keys].sort()).toEqual(Object.values(MarkProperty).sort());
  });
});
