// SPDX-License-Identifier: MIT
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { OptionTable } from '../../../electron/agent/risk/option-table';
import { OPERAND_RUNNERS, WRAPPER_OPTIONS } from '../../../electron/agent/risk/wrapper-options';

/*
 * The wrappers' option tables against the tools' own `--help` on this machine: every long option a
 * tool lists must be in its table, and one the help shows with a value (`--max-chars=MAX`,
 * `--class <class>`) must be in the table as taking one. A tool that is not installed is skipped.
 */
const TABLES: Record<string, OptionTable> = { ...WRAPPER_OPTIONS, ...OPERAND_RUNNERS };

interface Listed {
  readonly name: string;
  readonly value: 'required' | 'optional' | 'none';
}

/** Long options as GNU and util-linux help lists them: `--name=ARG`, `--name[=ARG]`, `--name <arg>`. */
const listedOptions = (help: string): Listed[] => {
  const found = new Map<string, Listed>();
  for (const line of help.split('\n')) {
    if (!/^\s*(-\w,?\s+)?--/.test(line) && !/^\s+-\w(\[<?\w+>?\])?,\s+--/.test(line)) continue;
    for (const m of line.matchAll(/(--[a-z][a-z0-9-]*)(\[=|=|\s<|\s[A-Z]{2,})?/g)) {
      const name = m[1] ?? '';
      const tail = m[2] ?? '';
      const value = tail === '[=' ? 'optional' : tail === '' ? 'none' : 'required';
      if (!found.has(name)) found.set(name, { name, value });
    }
  }
  return [...found.values()];
};

const kindIn = (table: OptionTable, name: string): Listed['value'] | 'missing' => {
  if (table.longValue.includes(name)) return 'required';
  if (table.longOptional?.includes(name)) return 'optional';
  if (table.longFlags.includes(name)) return 'none';
  return 'missing';
};

const helpOf = (tool: string): string | null => {
  const run = spawnSync(tool, ['--help'], { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' }, timeout: 10_000 });
  if (run.error) return null;
  return `${run.stdout}${run.stderr}`;
};

describe('wrapper option tables match the tools’ own --help', () => {
  const installed = Object.keys(TABLES).filter((tool) => helpOf(tool) !== null && /--help/.test(helpOf(tool) ?? ''));

  it('checks the tools installed here (at least the GNU and util-linux ones)', () => {
    expect(installed).toEqual(
      expect.arrayContaining(['xargs', 'env', 'nice', 'ionice', 'stdbuf', 'timeout', 'chrt', 'taskset', 'setsid', 'flock', 'watch']),
    );
  });

  it.each(Object.keys(TABLES))('%s', (tool) => {
    const help = helpOf(tool);
    if (help === null || !installed.includes(tool)) return;
    const table = TABLES[tool] as OptionTable;
    const listed = listedOptions(help);
    expect(listed.length, `${tool} --help lists no long option`).toBeGreaterThan(0);
    const wrong = listed
      .filter((o) => kindIn(table, o.name) !== o.value)
      .map((o) => `${o.name}: help ${o.value}, table ${kindIn(table, o.name)}`);
    expect(wrong, tool).toEqual([]);
  });
});
