// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { SegmentEvent } from './segmenter';
import { Segmenter } from './segmenter';
import type { Step } from './testing/segmenter-steps';
import { NONCE, commandsOf, cycle, runSteps, types } from './testing/segmenter-steps';

/** A dash-like session: the tty echoes what is typed, the shell prints `$ ` prompts. */
const session = (...steps: Step[]) => runSteps(steps);
const out = (output: string): Step => ({ output });
const key = (input: string): Step => ({ input });

const ends = (events: SegmentEvent[]) => events.flatMap((e) => (e.type === 'command-end' ? [e.offset] : []));

describe('Heuristic prompt detection', () => {
  it('segments commands and outputs of a shell without integration', () => {
    const run = session(out('$ '), key('echo hi\r'), out('echo hi\r\nhi\r\n$ '), key('ls\r'), out('ls\r\na  b\r\n$ '));
    expect(run.events).toEqual([
      { type: 'mode', mode: 'heuristic', at: 0 },
      { type: 'prompt', offset: 0, at: 0 },
      { type: 'command-start', offset: 11, commandLine: 'echo hi', cwd: null, hostname: null, source: 'heuristic', at: 0 },
      { type: 'command-end', offset: 15, exitCode: null, at: 0 },
      { type: 'prompt', offset: 15, at: 0 },
      { type: 'command-start', offset: 21, commandLine: 'ls', cwd: null, hostname: null, source: 'heuristic', at: 0 },
      { type: 'command-end', offset: 27, exitCode: null, at: 0 },
    ]);
    expect(run.bytes.toString('utf8', 11, 15)).toBe('hi\r\n');
  });

  it('finds no prompt until the user types (a `$ ` in output is not a prompt by itself)', () => {
    const run = session(out('price: 5$ \r\ntotal$ '));
    expect(run.events).toEqual([]);
  });

  it.each(['# ', '% ', '❯ '])('knows the prompt ending %j', (ending) => {
    const run = session(out(`host${ending}`), key('pwd\r'), out('pwd\r\n/\r\n'));
    expect(commandsOf(run.events)[0]?.commandLine).toBe('pwd');
  });

  it('takes configured prompt endings instead of the defaults', () => {
    const run = runSteps([out('db> '), key('select 1\r'), out('select 1\r\n1\r\n')], { promptEndings: ['> '] });
    expect(commandsOf(run.events)[0]?.commandLine).toBe('select 1');
    expect(runSteps([out('$ '), key('x')], { promptEndings: ['> '] }).events).toEqual([]);
  });

  it('creates no command for an empty Enter or a Ctrl+C at the prompt', () => {
    const run = session(out('$ '), key('\r'), out('\r\n$ '), key('abc\x03'), out('abc^C\r\n$ '), key('  \r'), out('  \r\n$ '));
    expect(types(run.events)).toEqual(['mode', 'prompt', 'prompt', 'prompt']);
  });

  it('reads the command from the screen when editing keys made the typed line uncertain', () => {
    // Up arrow recalled `make test` from history: the typed bytes say nothing about the line.
    const run = session(out('$ '), key('\x1b[A'), out('make test'), key('\r'), out('\r\nok\r\n'));
    expect(commandsOf(run.events)[0]?.commandLine).toBe('make test');
  });

  it('follows backspace, Ctrl+U and Ctrl+W in the typed line', () => {
    const run = session(out('$ '), key('lx\x7fs -a\x17-l\x15echo ok\x08k\r'), out('echo ok\r\nok\r\n'));
    expect(commandsOf(run.events)[0]?.commandLine).toBe('echo ok');
  });

  it('learns a prompt without a usual ending from the first Enter, then recognises it', () => {
    const run = session(out('>> '), key('a'), out('a'), key('\r'), out('\r\nA\r\n>> '), key('b\r'), out('b\r\nB\r\n'));
    expect(commandsOf(run.events).map((c) => c.commandLine)).toEqual(['a', 'b']);
    expect(ends(run.events)).toEqual([9, 18]);
  });

  it('never finds prompts inside the alternate screen, and finds the one after it', () => {
    const vim = '\x1b[?1049h\x1b[H\x1b[2Jfile $ \r\n~ $ \x1b[24;1H:';
    const run = session(
      out('$ '),
      key('vim f\r'),
      out(`vim f\r\n${vim}`),
      key(':q\r'),
      out('q\x1b[?1049l'),
      out('$ '),
      key('echo after\r'),
      out('echo after\r\nafter\r\n'),
    );
    expect(commandsOf(run.events).map((c) => c.commandLine)).toEqual(['vim f', 'echo after']);
    expect(types(run.events)).toEqual(['mode', 'prompt', 'command-start', 'command-end', 'prompt', 'command-start', 'command-end']);
  });

  it.each(['47', '1047'])('treats mode %s as the alternate screen too, even split across chunks', (mode) => {
    const run = session(
      out('$ '),
      key('less f\r'),
      out(`less f\r\n\x1b[?${mode.slice(0, 1)}`),
      out(`${mode.slice(1)}h$ `),
      key('q'),
      out(`\x1b[?${mode}l$ `),
      key('x\r'),
      out('x\r\n'),
    );
    expect(commandsOf(run.events).map((c) => c.commandLine)).toEqual(['less f', 'x']);
  });

  it('stamps a command end with the time its prompt was drawn, not the keystroke that confirmed it', () => {
    let now = 0;
    const segmenter = new Segmenter({ nonce: NONCE, now: () => now });
    segmenter.output(Buffer.from('$ '));
    segmenter.input(Buffer.from('sleep 1\r'));
    segmenter.output(Buffer.from('sleep 1\r\n'));
    now = 1000;
    segmenter.output(Buffer.from('$ '));
    now = 9000;
    const events = segmenter.input(Buffer.from('x'));
    expect(events[0]).toEqual({ type: 'command-end', offset: 11, exitCode: null, at: 1000 });
  });

  it('times a command from the Enter that submitted it, silent, interrupted or continued', () => {
    let now = 0;
    const segmenter = new Segmenter({ nonce: NONCE, now: () => now });
    const events: SegmentEvent[] = [];
    const at = (t: number, step: () => { events: SegmentEvent[] } | SegmentEvent[]): void => {
      now = t;
      const result = step();
      events.push(...(Array.isArray(result) ? result : result.events));
    };
    const print = (t: number, text: string) => at(t, () => segmenter.output(Buffer.from(text)));
    const press = (t: number, text: string) => at(t, () => segmenter.input(Buffer.from(text)));
    print(0, '$ ');
    press(100, 'sleep 0.2; (exit 3)\r');
    print(101, 'sleep 0.2; (exit 3)\r\n');
    print(300, '$ ');
    press(1000, 'sleep 10\r');
    print(1001, 'sleep 10\r\n');
    press(2000, '\x03');
    print(2002, '^C\r\n$ ');
    press(3000, 'for i in 1 2; do\r');
    print(3001, 'for i in 1 2; do\r\n> ');
    press(3500, 'sleep 0; done\r');
    print(3501, 'sleep 0; done\r\n');
    print(3600, '$ ');
    press(4000, 'x');
    const times = events.flatMap((e) => (e.type === 'command-start' || e.type === 'command-end' ? [[e.type, e.at]] : []));
    expect(times).toEqual([
      ['command-start', 100],
      ['command-end', 300],
      ['command-start', 1000],
      ['command-end', 2002],
      ['command-start', 3000],
      ['command-end', 3600],
    ]);
    expect(commandsOf(events).map((c) => c.commandLine)).toEqual(['sleep 0.2; (exit 3)', 'sleep 10', 'for i in 1 2; do\nsleep 0; done']);
  });

  it('closes a running command at end of stream, and starts one whose output never came', () => {
    expect(types(session(out('$ '), key('cat\r'), out('cat\r\npartial')).events).slice(-2)).toEqual(['command-start', 'command-end']);
    const run = session(out('$ '), key('exit\r'));
    expect(commandsOf(run.events).map((c) => c.commandLine)).toEqual(['exit']);
  });

  it('hands over to integration marks for good, closing the heuristic command', () => {
    const run = session(out('$ '), key('bash\r'), out('bash\r\n'), out(cycle('ls', 'x\r\n', 0)), key('y\r'), out('$ '), key('z\r'));
    expect(types(run.events)).toEqual(['mode', 'prompt', 'command-start', 'command-end', 'mode', 'prompt', 'command-start', 'command-end']);
    expect(run.events[4]).toMatchObject({ type: 'mode', mode: 'integrated' });
    expect(commandsOf(run.events).map((c) => c.source)).toEqual(['heuristic', 'integrated']);
  });

  it('ignores a long line without a prompt, and recovers after a carriage return', () => {
    expect(session(out(`${'x'.repeat(5000)}$ `), key('no\r'), out('no\r\n')).events).toEqual([]);
    const run = session(out(`${'x'.repeat(10_000)}\r$ `), key('ok\r'), out('ok\r\n'));
    expect(commandsOf(run.events).map((c) => c.commandLine)).toEqual(['ok']);
  });
});
