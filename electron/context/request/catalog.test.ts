// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { Redactor } from '../redaction';
import { commandRecord } from '../../../shared/testing/command-record';
import type { CommandRecord } from '../domain/ports';
import { renderCatalogEntry } from './catalog';

const NOW = 1_750_000_000_000;
const MIN = 60_000;

const at = (minutesAgo: number, fields: Partial<CommandRecord> & { sessionId: string; seq: number }): CommandRecord =>
  commandRecord({ startedAt: NOW - minutesAgo * MIN - 2000, endedAt: NOW - minutesAgo * MIN, exitCode: 0, hostname: 'devbox', ...fields });

describe('catalog entries', () => {
  it('show id, command, where, when, outcome, size and a head/tail of the output, redacted', () => {
    const command = at(12, {
      sessionId: 'web',
      seq: 7,
      cwd: '/home/dev/web',
      commandLine: 'DB_PASSWORD=s3cret npm run migrate',
      exitCode: 1,
      outputStart: 0,
      outputEnd: 4860,
      outputSummary: 'line 1\nline 2\nline 3\nline 4\nline 5\nError: connect ECONNREFUSED',
    });
    const { text, redactions } = renderCatalogEntry({ command, score: 0.734 }, NOW, new Redactor());
    expect(text).toBe(
      '- [web:7] $ DB_PASSWORD=[REDACTED:secret-assignment] npm run migrate\n' +
        '  session web · /home/dev/web · 12 min ago · exit 1 · output ≈ 2.0k tokens · relevance 0.73\n' +
        '  | line 1\n  | line 2\n  | ... (2 lines omitted) ...\n  | line 5\n  | Error: connect ECONNREFUSED',
    );
    expect(redactions).toEqual({ 'secret-assignment': 1 });
  });

  it('name the device a synced record came from, its controls dropped', () => {
    const command = at(3, { sessionId: 'far', seq: 2, cwd: '/srv', commandLine: 'make deploy', device: 'laptop\u001b[31m' });
    const { text } = renderCatalogEntry({ command, score: 0.5 }, NOW, new Redactor());
    expect(text.split('\n')[1]).toMatch(/^ {2}session far · from device laptop \[31m · \/srv · 3 min ago · exit 0 · /);
    expect(text).not.toContain('\u001b');
  });
});
