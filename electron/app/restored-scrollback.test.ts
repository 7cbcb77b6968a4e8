// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { plainScrollback } from './restored-scrollback';
import type { Client } from '../ipc/router';
import { workspaceHandlers, type WorkspaceDeps } from './workspace';

/** What is left once the dim/reset pair and the line ends plainScrollback writes itself are taken out. */
const foreign = (prelude: string): string => prelude.replace(/\x1b\[[02]m|\r\n/g, '');
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f-\x9f]/;

describe('plainScrollback', () => {
  it('shows the last output as plain dimmed text above a divider', () => {
    const out = plainScrollback('\x1b[31mred\x1b[0m line\r\n$ ls\r\na  b\r\n\r\n', 'restored · /tmp');
    expect(out).toBe('\x1b[2mred line\r\n$ ls\r\na  b\x1b[0m\r\n\x1b[2m── restored · /tmp ──\x1b[0m\r\n');
  });

  it('keeps the last state of a redrawn line and drops controls that would act on the new screen', () => {
    expect(plainScrollback('10%\r50%\r100%\x07\n', 'x')).toContain('100%\x1b[0m');
    expect(plainScrollback('a\x1bb\n', 'x')).not.toContain('\x1bb');
  });

  it('is empty for a session that printed nothing', () => {
    expect(plainScrollback('\r\n  \r\n', 'x')).toBe('');
  });

  it('keeps only the last 200 lines', () => {
    const out = plainScrollback(Array.from({ length: 500 }, (_, i) => `line ${i}`).join('\n'), 'x');
    expect(out).toContain('line 499');
    expect(out).not.toContain('line 299\r');
    expect(out).toContain('line 300');
  });

  it('drops C1 controls, which xterm.js acts on as ESC sequences, with their strings', () => {
    // U+009D OSC (a title), U+0090 DCS (DECRQSS: xterm.js would answer into the new shell), U+009B CSI.
    const output = 'a\u009d0;pwned\u009c b\u00901$qm\u009c c\u009b2J d\u009d8;;http://evil/\u0007e\n';
    const out = plainScrollback(output, 'x');
    expect(foreign(out)).not.toMatch(CONTROL);
    expect(out).toContain('a');
    expect(out).toContain('e');
  });

  it('shows the label with its controls as visible pictures', () => {
    const out = plainScrollback('ok\n', 'restored · /tmp/a\x1b]0;pwned\x07b\u009d0;c1\u009cc\nd');
    expect(foreign(out)).not.toMatch(CONTROL);
    expect(out).toContain('── restored · /tmp/a␛]0;pwned␇b␛]0;c1␛\\c␤d ──');
  });
});

describe('workspace restore', () => {
  it('writes a pane whose directory name holds ESC and C1 sequences without a raw control', async () => {
    const cwd = '/tmp/ev\x1b]0;PWNED\x07il\u009d0;C1\u009c\x1b[2J';
    const saved = { version: 1, savedAt: 0, groups: [{ root: { kind: 'leaf', id: 'p1' }, focus: 'p1' }], panes: { p1: { sessionId: 's1', cwd } } };
    const preludes: string[] = [];
    const deps: WorkspaceDeps = {
      settings: { current: { terminal: { restore: 'always' } as WorkspaceDeps['settings']['current']['terminal'] } },
      kv: { get: async () => JSON.stringify(saved), set: async () => {} },
      pane: () => undefined,
      tail: async () => Buffer.from('earlier output\r\n'),
      spawn: (_request, prelude) => {
        preludes.push(prelude.text);
        return 'p2';
      },
    };
    const client: Client = { id: 'w1', emit: () => undefined, onClose: () => undefined };
    await workspaceHandlers(deps)['workspace:restore']({ confirmed: true }, client);
    expect(preludes).toHaveLength(1);
    expect(foreign(preludes[0]!)).not.toMatch(CONTROL);
    expect(preludes[0]).toContain('restored · /tmp/ev␛]0;PWNED␇il␛]0;C1␛\\␛[2J · ');
  });
});
