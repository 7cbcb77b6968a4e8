// SPDX-License-Identifier: MIT
/**
 * `cli_search_vs_node_start`: how long `bin/contexterm history search` takes on a 200,000-command
 * store, against an empty `node -e ""` on the same machine in the same run (medians of 10 interleaved rounds),
 * as issue 39 asked: a script calling the CLI should wait about as long as for Node itself. The
 * search goes through the one history engine (words mode, redaction checks included); `--version`
 * is printed beside it, for what loading the CLI costs without the database.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateHistory } from '../../electron/store/testing/generate-history';
import { median, round } from './stats';

const BIN = fileURLToPath(new URL('../../bin/contexterm', import.meta.url));
const RUNS = 10;

/** Wall time of one child process, start to exit. */
const timeRun = (args: readonly string[]): number => {
  const started = performance.now();
  execFileSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return performance.now() - started;
};

/**
 * Medians of RUNS rounds, each round running every command once in turn: a load that comes and
 * goes (CI, a shared machine) then weighs on Node's start and on the CLI alike, as the ratio needs.
 */
const interleavedMedians = (commands: ReadonlyArray<readonly string[]>): number[] => {
  for (const args of commands) timeRun(args); // warm the file cache
  const times = commands.map((): number[] => []);
  for (let round = 0; round < RUNS; round++) commands.forEach((args, i) => times[i]!.push(timeRun(args)));
  return times.map((runs) => median(runs));
};

export const benchCli = async (options: { commands?: number } = {}): Promise<Record<string, number>> => {
  const commands = options.commands ?? 200_000;
  const dir = mkdtempSync(join(tmpdir(), 'ct-bench-cli-'));
  try {
    const history = generateHistory(join(dir, 'contexterm.db'), { commands, sessions: Math.max(1, Math.round(commands / 100)) });
    const [node, version, search, needle, filtered] = interleavedMedians([
      ['-e', ''],
      [BIN, '--version'],
      [BIN, 'history', 'search', 'git status', '--data-dir', dir],
      [BIN, 'history', 'search', history.needle, '--data-dir', dir, '--json'],
      [BIN, 'history', 'search', '--failed', '--since', '30d', '--data-dir', dir],
    ]) as [number, number, number, number, number];
    const slowest = Math.max(search, needle, filtered);
    return {
      cli_search_vs_node_start: round(slowest / node, 2),
      cli_search_ms: round(search, 1),
      cli_search_needle_ms: round(needle, 1),
      cli_search_filters_ms: round(filtered, 1),
      cli_version_ms: round(version, 1),
      node_start_ms: round(node, 1),
      cli_store_commands: commands,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
