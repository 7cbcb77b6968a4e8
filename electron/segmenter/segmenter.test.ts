// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { Segmenter } from './segmenter';
import { NONCE, commandsOf, cycle, mark, runOutput, runSteps, types } from './testing/segmenter-steps';

/** As in nonce-redactor.ts. */
const NONCE_REPLACEMENT = '[nonce]';

describe('Segmenter with integration marks', () => {
  it('turns a command cycle into events and removes every mark from the stream', () => {
    const { bytes, events } = runOutput([
      mark('P', 'Cwd=/home/u') + mark('P', 'Hostname=box') + cycle('ls -l', 'a\r\nb\r\n', 0) + mark('A') + '$ ',
    ]);
    expect(bytes.toString()).toBe('$ ls -l\r\na\r\nb\r\n$ ');
    expect(events).toEqual([
      { type: 'mode', mode: 'integrated', at: 0 },
      { type: 'cwd', cwd: '/home/u', at: 0 },
      { type: 'hostname', hostname: 'box', at: 0 },
      { type: 'prompt', offset: 0, at: 0 },
      { type: 'input-start', offset: 2, at: 0 },
      {
        type: 'command-start',
        offset: 9,
        commandLine: 'ls -l',
        cwd: '/home/u',
        hostname: 'box',
        source: 'integrated',
        at: 0,
        inputStart: 2,
      },
      { type: 'command-end', offset: 15, exitCode: 0, at: 0 },
      { type: 'prompt', offset: 15, at: 0 },
    ]);
  });

  it("hands the shell's history rules on with each command start, as last reported, and reports no event for them", () => {
    const { events } = runOutput([
      cycle('before', '', 0) +
        mark('P', 'HistControl=ignoredups:ignorespace') +
        mark('P', 'HistIgnore=ls:vault *;*') +
        cycle(' secret', '', 0) +
        mark('P', 'HistControl=') +
        cycle('after', '', 0),
    ]);
    const starts = commandsOf(events);
    expect(starts.map((start) => start.history)).toEqual([
      undefined,
      { control: 'ignoredups:ignorespace', ignore: 'ls:vault *;*' },
      { control: '', ignore: 'ls:vault *;*' },
    ]);
    expect(types(events)).toEqual([
      'mode',
      'prompt',
      'command-start',
      'command-end',
      'prompt',
      'command-start',
      'command-end',
      'prompt',
      'command-start',
      'command-end',
    ]);
  });

  it('says a line the shell keeps out (HistKeptOut before C) for that command only', () => {
    const { events } = runOutput([
      mark('A') +
        '$ ' +
        mark('B') +
        'ls\r\n' +
        mark('P', 'HistKeptOut=1') +
        mark('E', 'ls') +
        mark('C') +
        mark('D', 0) +
        cycle('make', '', 0),
      // Sent at a prompt and never followed by a start (an empty line): gone with the next prompt.
      mark('A') + mark('P', 'HistKeptOut=1') + cycle('make', '', 0),
    ]);
    expect(commandsOf(events).map((start) => [start.commandLine, start.shellKeptOut])).toEqual([
      ['ls', true],
      ['make', undefined],
      ['make', undefined],
    ]);
  });

  it('reports exit codes, and null for a malformed one', () => {
    const { events } = runOutput([cycle('false', '', 1) + cycle('x', '', 'oops' as unknown as number) + cycle('y', '', 130)]);
    expect(events.flatMap((e) => (e.type === 'command-end' ? [e.exitCode] : []))).toEqual([1, null, 130]);
  });

  it('unescapes command lines, cwd and hostname', () => {
    const line = 'printf "a;b\\\\c\\n"\nsecond line\tend';
    const { events } = runOutput([mark('P', 'Cwd=/tmp/we;ird\\dir') + cycle(line, '', 0)]);
    expect(commandsOf(events)[0]?.commandLine).toBe(line);
    expect(events).toContainEqual({ type: 'cwd', cwd: '/tmp/we;ird\\dir', at: 0 });
  });

  it('accepts ST as well as BEL as the terminator', () => {
    const st = (s: string) => s.replace(/\x07/g, '\x1b\\');
    const { bytes, events } = runOutput([st(cycle('ls', 'out\r\n', 0))]);
    expect(bytes.toString()).toBe('$ ls\r\nout\r\n');
    expect(types(events)).toEqual(['mode', 'prompt', 'command-start', 'command-end']);
  });

  it('creates no command for a D without C (empty Enter, Ctrl+C at the prompt)', () => {
    const { events } = runOutput([
      `${mark('A')}$ ${mark('B')}\r\n${mark('D', 0)}${mark('A')}$ ${mark('B')}^C\r\n${mark('D', 130)}${mark('A')}`,
    ]);
    expect(types(events)).toEqual(['mode', 'prompt', 'prompt', 'prompt']);
  });

  it('keeps the next command when a D arrives after A with no command running', () => {
    // powerlevel10k reprints PROMPT_EOL_MARK when it clears its instant prompt, after our A (and
    // sometimes after B): the stray D must not turn the prompt idle and drop B, E and C.
    for (const stray of [`${mark('A')}${mark('D', 0)}$ ${mark('B')}`, `${mark('A')}$ ${mark('B')}${mark('D', 0)}`]) {
      const { events } = runOutput([`${stray}ls\r\n${mark('E', 'ls')}${mark('C')}a\r\n${mark('D', 2)}`]);
      expect(types(events)).toEqual(['mode', 'prompt', 'command-start', 'command-end']);
      expect(commandsOf(events)).toEqual([expect.objectContaining({ commandLine: 'ls', inputStart: 2 })]);
      expect(events.at(-1)).toMatchObject({ type: 'command-end', exitCode: 2 });
    }
  });

  it('ignores marks out of order', () => {
    // C before any prompt, E and C while running, a second D: none of them start or end anything.
    const { events } = runOutput([
      mark('C') + mark('D', 3) + cycle('a', 'x', 0).replace(mark('D', 0), mark('C') + mark('E', 'evil') + mark('D', 0)) + mark('D', 9),
    ]);
    expect(types(events)).toEqual(['mode', 'prompt', 'command-start', 'command-end']);
    expect(commandsOf(events)[0]?.commandLine).toBe('a');
  });

  it('accepts C straight after A (a PS1 rebuilt without our B mark)', () => {
    const { events } = runOutput([`${mark('A')}$ ls\r\n${mark('E', 'ls')}${mark('C')}x${mark('D', 0)}`]);
    expect(types(events)).toEqual(['mode', 'prompt', 'command-start', 'command-end']);
  });

  it('ends a command whose D was lost when the next prompt starts, and at end of stream', () => {
    const { events } = runOutput([`${mark('A')}${mark('B')}${mark('C')}x${mark('A')}${mark('B')}${mark('C')}y`]);
    expect(events.filter((e) => e.type === 'command-end')).toEqual([
      { type: 'command-end', offset: 1, exitCode: null, at: 0 },
      { type: 'command-end', offset: 2, exitCode: null, at: 0 },
    ]);
  });

  it('leaves the command line null without an E mark', () => {
    const { events } = runOutput([`${mark('A')}${mark('B')}${mark('C')}${mark('D', 0)}`]);
    expect(commandsOf(events)[0]?.commandLine).toBeNull();
  });

  it('reports cwd and hostname only when they change', () => {
    const { events } = runOutput([
      mark('P', 'Cwd=/a') + mark('P', 'Cwd=/a') + mark('P', 'Hostname=h') + mark('P', 'Hostname=h') + mark('P', 'Cwd=/b'),
    ]);
    expect(events.filter((e) => e.type === 'cwd' || e.type === 'hostname').length).toBe(3);
  });

  it('stamps events with the clock of the chunk that carried them', () => {
    let now = 100;
    const segmenter = new Segmenter({ nonce: NONCE, now: () => now });
    segmenter.output(Buffer.from(`${mark('A')}$ ${mark('B')}`));
    now = 250;
    const { events } = segmenter.output(Buffer.from(`${mark('C')}x`));
    expect(events[0]).toMatchObject({ type: 'command-start', at: 250 });
  });
});

describe('Segmenter against spoofed marks', () => {
  const spoofs = [
    '\x1b]133;D;0\x07',
    '\x1b]633;E;rm -rf ~\x07',
    '\x1b]133;A\x07\x1b]133;B\x07\x1b]133;C\x07',
    mark('D', 0, 'ffffffffffffffffffffffffffffffff'),
    mark('A', undefined, NONCE.slice(0, -1)),
    `\x1b]133;D;0;${NONCE};extra\x07`,
    `\x1b]133;D;0;${NONCE}x\x07`,
  ];

  it.each(spoofs)('passes %j through as output and changes no event', (spoof) => {
    const honest = cycle('make', 'building\r\n', 2);
    const plain = runOutput([honest]);
    const spoofed = runOutput([honest.replace('building', `buil${spoof}ding`)]);
    // The spoof only lengthens the output: the end moves by as many bytes, nothing else changes.
    const shift = spoofed.bytes.length - plain.bytes.length;
    expect(spoofed.events).toEqual(plain.events.map((e) => (e.type === 'command-end' ? { ...e, offset: e.offset + shift } : e)));
    expect(spoofed.bytes.toString()).toContain(`buil${spoof.split(NONCE).join(NONCE_REPLACEMENT)}ding`);
  });

  it('cannot end or fake a command from inside the output', () => {
    const { events } = runOutput([
      `${mark('A')}$ ${mark('B')}${mark('E', 'cat x')}${mark('C')}\x1b]133;D;0\x07\x1b]133;A\x07\x1b]633;E;sudo rm\x07\x1b]133;C\x07${mark('D', 1)}`,
    ]);
    expect(types(events)).toEqual(['mode', 'prompt', 'command-start', 'command-end']);
    expect(events.find((event) => event.type === 'command-end')).toMatchObject({ exitCode: 1 });
  });

  it('reports where typing starts at each B of a prompt (bash redraws it), never while a command runs', () => {
    const { events } = runOutput([`${mark('A')}$ ${mark('B')}git${mark('B')}\r\n${mark('C')}${mark('B')}out${mark('D', 0)}`]);
    expect(events.filter((event) => event.type === 'input-start').map((event) => 'offset' in event && event.offset)).toEqual([2, 5]);
  });

  it('keeps a session heuristic when only unsigned marks arrive', () => {
    const segmenter = new Segmenter({ nonce: NONCE });
    segmenter.output(Buffer.from('\x1b]133;A\x07$ '));
    expect(segmenter.mode).toBe('unknown');
  });
});

describe('Segmenter nonce redaction', () => {
  it('replaces the nonce anywhere in output, including inside foreign sequences', () => {
    const { bytes } = runOutput([`__contexterm_nonce=${NONCE}\r\n\x1b]0;${NONCE}\x07${NONCE}${NONCE}`]);
    const text = bytes.toString();
    expect(text).not.toContain(NONCE);
    expect(text).toBe(`__contexterm_nonce=${NONCE_REPLACEMENT}\r\n\x1b]0;${NONCE_REPLACEMENT}\x07${NONCE_REPLACEMENT}${NONCE_REPLACEMENT}`);
  });

  it('redacts a nonce split over chunks and holds back only the possible prefix', () => {
    const segmenter = new Segmenter({ nonce: NONCE });
    const first = segmenter.output(Buffer.from(`x=${NONCE.slice(0, 10)}`));
    expect(first.bytes.toString()).toBe('x=');
    expect(segmenter.pendingBytes).toBe(10);
    const second = segmenter.output(Buffer.from(`${NONCE.slice(10)}\r\n`));
    expect(second.bytes.toString()).toBe(`${NONCE_REPLACEMENT}\r\n`);
  });

  it('releases a held prefix that turns out not to be the nonce', () => {
    const { bytes } = runOutput([NONCE.slice(0, 5), 'zzz']);
    expect(bytes.toString()).toBe(`${NONCE.slice(0, 5)}zzz`);
  });

  it('flush() gives up a held prefix at once (idle output)', () => {
    const segmenter = new Segmenter({ nonce: NONCE });
    segmenter.output(Buffer.from(NONCE.slice(0, 1)));
    expect(segmenter.flush().bytes.toString()).toBe(NONCE.slice(0, 1));
    expect(segmenter.pendingBytes).toBe(0);
  });
});

describe('Segmenter with malformed and oversized sequences', () => {
  it('passes an oversized candidate through as output', () => {
    const big = `\x1b]633;E;${'x'.repeat(200)};${NONCE}\x07`;
    const { bytes, events } = runOutput([big], { maxOscBytes: 128 });
    expect(bytes.toString()).toBe(big.replace(NONCE, NONCE_REPLACEMENT));
    expect(events).toEqual([]);
  });

  it('passes an unterminated candidate through at end of stream', () => {
    const { bytes, events } = runOutput(['\x1b]133;A;abc']);
    expect(bytes.toString()).toBe('\x1b]133;A;abc');
    expect(events).toEqual([]);
  });

  it('treats a control byte or a bare ESC inside a candidate as the end of it', () => {
    const { bytes, events } = runOutput([`\x1b]133;A\r\n\x1b]133;B;${NONCE.slice(0, 4)}\x1b[0m${mark('A')}`]);
    expect(bytes.toString()).toBe(`\x1b]133;A\r\n\x1b]133;B;${NONCE.slice(0, 4)}\x1b[0m`);
    expect(types(events)).toEqual(['mode', 'prompt']);
  });

  it('passes binary and invalid UTF-8 through byte for byte', () => {
    const binary = Buffer.from([0xff, 0xfe, 0x1b, 0x5d, 0x31, 0x33, 0x33, 0x00, 0xc3, 0x28, 0x1b, 0x1b, 0x5d]);
    const { bytes } = runOutput([binary]);
    expect(bytes.equals(binary)).toBe(true);
  });

  it('holds an ESC at the end of a chunk only while it can still start a mark', () => {
    const segmenter = new Segmenter({ nonce: NONCE });
    expect(segmenter.output(Buffer.from('ab\x1b]13')).bytes.toString()).toBe('ab');
    expect(segmenter.output(Buffer.from('1;x')).bytes.toString()).toBe('\x1b]131;x');
    expect(segmenter.output(Buffer.from('cd\x1b[')).bytes.toString()).toBe('cd\x1b[');
  });

  it('keeps input events empty once integrated', () => {
    const run = runSteps([{ output: `${mark('A')}$ ${mark('B')}` }, { input: 'ls\r' }]);
    expect(types(run.events)).toEqual(['mode', 'prompt']);
  });
});
