// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { plainEcho, EchoedLine } from './echoed-line';

describe('EchoedLine', () => {
  it('gives the echo between the prompt end and the command start', () => {
    const typed = new EchoedLine();
    typed.prompt(100, Buffer.from('user@host:~$ '));
    typed.append(Buffer.from(' export TOKEN=x\r\n'));
    expect(typed.take(113, 130)).toEqual({ line: ' export TOKEN=x', plain: true });
    // Taken once: a second command without a prompt in between has nothing to go on.
    expect(typed.take(113, 130)).toBeNull();
  });

  it('says when the echo was edited, so it is not taken for the exact line', () => {
    const typed = new EchoedLine();
    typed.prompt(0, Buffer.from('$ echo x\b\by\r\n'));
    expect(typed.take(2, 14)).toEqual({ line: 'echoy', plain: false });
  });

  it('ignores the mode switches a shell prints after Enter', () => {
    const typed = new EchoedLine();
    typed.prompt(0, Buffer.from('$ echo twice\r\n\x1b[?2004l'));
    expect(typed.take(2, 24)).toEqual({ line: 'echo twice', plain: true });
  });

  it('undoes line editing and strips terminal controls', () => {
    expect(plainEcho(' lss\b \b\x1b[K -la\r\n')).toBe(' ls -la');
    expect(plainEcho('\x1b]0;title\x07\x1b[1m git\x1b[0m status\r\n')).toBe(' git status');
  });

  it('gives up on a prompt longer than it holds, or an echo from before it', () => {
    const typed = new EchoedLine();
    typed.prompt(0, Buffer.from('$ '));
    typed.append(Buffer.alloc(9000, 'x'));
    expect(typed.take(2, 9002)).toBeNull();
    typed.prompt(50, Buffer.from('$ '));
    expect(typed.take(10, 60)).toBeNull();
  });
});
