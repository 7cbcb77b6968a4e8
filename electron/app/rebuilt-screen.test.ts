// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { rebuiltScreen } from './rebuilt-screen';

const plain = (data: string) => data.replace(/\x1b\[[0-9;?]*[a-zA-Z]/g, '');
const vim = '\x1b[?1049h\x1b[H\x1b[2J' + Array.from({ length: 5 }, (_, i) => `\x1b[${i + 2};1H~`).join('') + '\x1b[30;1H"notes.txt"';

describe('rebuiltScreen', () => {
  it('keeps the normal screen and leaves out what a full-screen program drew', async () => {
    const output = Buffer.from(`$ echo one\r\none\r\n$ vim notes.txt\r\n${vim}\x1b[?1049l$ echo two\r\ntwo\r\n$ `);
    const shown = plain((await rebuiltScreen(output, { cut: false, keep: 200 })).data);
    expect(shown).toMatch(/one[\s\S]*vim notes\.txt[\s\S]*two/);
    expect(shown).not.toMatch(/~|notes\.txt"/);
  });

  it('starts after the switch back when the tail was cut inside the alternate screen', async () => {
    const output = Buffer.from(`~\r\n~\r\n"notes.txt" 3L\x1b[?1049l$ echo after\r\nafter\r\n`);
    const shown = plain((await rebuiltScreen(output, { cut: true, keep: 200 })).data);
    expect(shown).toContain('after');
    expect(shown).not.toMatch(/~|notes/);
  });

  it('starts at a whole line when the tail was cut elsewhere', async () => {
    const output = Buffer.from(`ut-in-the-middle\r\n$ echo whole\r\nwhole\r\n`);
    expect(plain((await rebuiltScreen(output, { cut: true, keep: 200 })).data)).not.toContain('ut-in');
  });

  it('leaves out what a program killed with its session printed after leaving the alternate screen', async () => {
    const before = '$ echo one\r\none\r\n$ vim notes.txt\r\n';
    const output = Buffer.from(`${before}${vim}\x1b[?1049lVim: Caught deadly signal HUP\r\nVim: Finished.\r\n`);
    const shown = plain((await rebuiltScreen(output, { cut: false, keep: 200, unfinishedFrom: before.length })).data);
    expect(shown).toContain('vim notes.txt');
    expect(shown).not.toMatch(/Caught|Finished|~/);
  });
});
