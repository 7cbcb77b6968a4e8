// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { Step } from './testing/segmenter-steps';
import { commandsOf, runSteps } from './testing/segmenter-steps';

const out = (output: string): Step => ({ output });
const key = (input: string): Step => ({ input });

/** A dash-like session: the tty echoes what is typed, the shell prints `$ ` prompts, PS2 is `> `. */
const session = (...steps: Step[]) => runSteps(steps, { cwd: '/home/u', hostname: 'box' });

describe('Heuristic segmentation: multi-line commands', () => {
  it('records continuation lines as part of the command, and output only after the last one', () => {
    const run = session(
      out('$ '),
      key('for i in 1 2; do\r'),
      out('for i in 1 2; do\r\n> '),
      key('echo $i; done\r'),
      out('echo $i; done\r\n1\r\n2\r\n$ '),
      key('x'),
    );
    expect(commandsOf(run.events)).toEqual([expect.objectContaining({ commandLine: 'for i in 1 2; do\necho $i; done' })]);
    const start = commandsOf(run.events)[0]!.offset;
    const end = run.events.find((e) => e.type === 'command-end')!.offset;
    expect(run.bytes.toString('utf8', start, end)).toBe('1\r\n2\r\n');
  });

  it('follows a continuation prompt drawn in its own chunk, and a backslash continuation', () => {
    const run = session(
      out('$ '),
      key('echo a \\\r'),
      out('echo a \\\r\n'),
      out('>'),
      out(' '),
      key('b\r'),
      out('b\r\n'),
      out('a b\r\n$ '),
      key('x'),
    );
    expect(commandsOf(run.events).map((c) => c.commandLine)).toEqual(['echo a \\\nb']);
  });

  it('takes output that merely starts like a continuation prompt as output', () => {
    const run = session(out('$ '), key('cat notes\r'), out('cat notes\r\n> quoted\r\nplain\r\n$ '), key('x'));
    const [command] = commandsOf(run.events);
    expect(command).toMatchObject({ commandLine: 'cat notes' });
    const end = run.events.find((e) => e.type === 'command-end')!.offset;
    expect(run.bytes.toString('utf8', command!.offset, end)).toBe('> quoted\r\nplain\r\n');
  });
});

describe('Heuristic segmentation: where commands ran', () => {
  const commands = (...lines: string[]) => {
    const steps: Step[] = [out('$ ')];
    for (const line of lines) steps.push(key(`${line}\r`), out(`${line}\r\n$ `));
    return commandsOf(session(...steps, key('x')).events).map(({ commandLine, cwd, hostname }) => ({ commandLine, cwd, hostname }));
  };

  it('records the start directory and host until a command may have changed them, then null', () => {
    expect(commands('ls -l', 'git status | head', 'cd /tmp', 'pwd')).toEqual([
      { commandLine: 'ls -l', cwd: '/home/u', hostname: 'box' },
      { commandLine: 'git status | head', cwd: '/home/u', hostname: 'box' },
      { commandLine: 'cd /tmp', cwd: '/home/u', hostname: 'box' },
      { commandLine: 'pwd', cwd: null, hostname: 'box' },
    ]);
  });

  it.each(['make && cd build', 'pushd /x', '. ./env.sh', 'source env', 'eval "$x"', 'exec zsh', 'sudo -i', 'FOO=1 cd /'])(
    'forgets the directory after %j',
    (line) => {
      expect(commands(line, 'ls').map((c) => c.cwd)).toEqual(['/home/u', null]);
    },
  );

  it.each(['bash', 'su - root', 'sudo su', 'sudo -u me ls; sh'])(
    'forgets the directory but not the host after the nested shell %j',
    (line) => {
      expect(commands(line, 'ls')[1]).toEqual({ commandLine: 'ls', cwd: null, hostname: 'box' });
    },
  );

  it.each(['ssh host', 'docker exec -it c sh', 'mosh box2'])('forgets the host and directory after %j', (line) => {
    expect(commands(line, 'ls')[1]).toEqual({ commandLine: 'ls', cwd: null, hostname: null });
  });

  it.each(['sudo make install', 'env FOO=1 make', 'grep -r cd .', 'echo source'])('keeps both after %j', (line) => {
    expect(commands(line, 'ls')[1]).toEqual({ commandLine: 'ls', cwd: '/home/u', hostname: 'box' });
  });

  it("knows nothing without a start directory (ssh as the tab's program)", () => {
    const run = runSteps([out('$ '), key('ls\r'), out('ls\r\nx\r\n$ '), key('x')]);
    expect(commandsOf(run.events)[0]).toMatchObject({ cwd: null, hostname: null });
  });
});
