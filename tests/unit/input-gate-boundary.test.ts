// SPDX-License-Identifier: MIT
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Every production file of the page, tests excluded. */
const pageFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

/**
 * The only files that may type into a terminal without the input gate, each for a reason: what the
 * user types (xterm's own onData), and the deliberate *run* paths, which send Enter on purpose. Any
 * other file that types (xterm's `input`/`paste`, or `pty:input` itself) would be an "insert, not
 * run" path around the gate: it must call `insertInto` (renderer/terminal/insert/insert-into.ts).
 */
const MAY_TYPE: Record<string, string> = {
  'renderer/terminal/insert/insert-into.ts': 'the input gate itself',
  'renderer/terminal/terminal-controller.ts': "the user's own keystrokes (xterm's onData) and xterm's replies",
  'renderer/history-search/history-search-actions.ts': 'Ctrl+Enter runs the line the gate typed unchanged (Enter alone)',
  'renderer/commands/command-runs.ts': '*Run again*, a deliberate run of a recorded line',
  'renderer/inline-ask/inline-ask-actions.ts': "Ctrl+I's erase of its own untouched previous answer (backspaces only)",
  'renderer/completion/completion-actions.ts':
    "the completion menu's erase of the word it replaces (backspaces only), before the gate types the item",
};

const TYPES = /\.(?:input|paste)\(|['"]pty:input['"]/;

describe('the input gate is the one way text is typed at a prompt', () => {
  it('no other page file types into a terminal', () => {
    const typing = pageFiles('renderer')
      .map((path) => relative(ROOT, join(ROOT, path)))
      .filter((path) => TYPES.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(typing.filter((path) => !(path in MAY_TYPE))).toEqual([]);
  });

  it('lists no file that no longer types (the list stays a true account)', () => {
    for (const path of Object.keys(MAY_TYPE)) expect(TYPES.test(readFileSync(join(ROOT, path), 'utf8')), path).toBe(true);
  });
});
