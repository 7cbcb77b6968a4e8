// SPDX-License-Identifier: MIT
/**
 * `mcp_get_commands_p95_ms`: how long a coding agent waits for get_commands from `contexterm mcp`
 * (electron/cli/mcp-server.ts) over a store of realistic size: the real server spawned from
 * bin/contexterm, called through the MCP SDK's own client over stdio, 5 ids a call. The same calls
 * made in this process on a plain connection are printed beside it, for what stdio and JSON-RPC
 * add. Several rounds, each a fresh server: the median p95 with its spread (min, max).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { commandId } from '../../shared/domain/command';
import { Redactor } from '../../electron/context/redaction';
import { getCommands } from '../../electron/context/request/get-commands-tool';
import { openReader } from '../../electron/store/database/database';
import { StoreQueries } from '../../electron/store/queries/queries';
import { generateHistory } from '../../electron/store/testing/generate-history';
import { seededRandom } from '../../electron/store/testing/workload';
import { median, percentile, round } from './stats';

const BIN = fileURLToPath(new URL('../../bin/contexterm', import.meta.url));
const IDS_PER_CALL = 5;

const idBatches = (sessionIds: readonly string[], perSession: number, calls: number, seed: number): string[][] => {
  const random = seededRandom(seed);
  return Array.from({ length: calls }, () =>
    Array.from({ length: IDS_PER_CALL }, () =>
      commandId(sessionIds[Math.floor(random() * sessionIds.length)]!, Math.floor(random() * perSession)),
    ),
  );
};

const timeCalls = async (batches: readonly string[][], call: (ids: string[]) => Promise<unknown>): Promise<number[]> => {
  const times: number[] = [];
  for (const ids of batches) {
    const started = performance.now();
    await call(ids);
    times.push(performance.now() - started);
  }
  return times;
};

const spread = (name: string, values: readonly number[]) => ({
  [name]: round(median(values), 2),
  [`${name}_min`]: round(Math.min(...values), 2),
  [`${name}_max`]: round(Math.max(...values), 2),
});

export const benchMcp = async (options: { quick?: boolean } = {}): Promise<Record<string, number>> => {
  const commands = options.quick ? 20_000 : 200_000;
  const sessions = 40;
  const rounds = options.quick ? 2 : 3;
  const calls = options.quick ? 100 : 300;
  const dir = mkdtempSync(join(tmpdir(), 'ct-bench-mcp-'));
  try {
    const history = generateHistory(join(dir, 'contexterm.db'), { commands, sessions });
    const perSession = Math.ceil(commands / sessions);
    const served: number[] = [];
    const inProcess: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const batches = idBatches(history.sessionIds, perSession, calls, r + 1);
      const client = new Client({ name: 'contexterm-bench', version: '0' });
      await client.connect(
        new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--data-dir', dir], stderr: 'inherit' }),
      );
      try {
        // Warm-up: the first calls compile statements and fault the pages in.
        await timeCalls(batches.slice(0, 10), (ids) => client.callTool({ name: 'get_commands', arguments: { command_ids: ids } }));
        const times = await timeCalls(batches, async (ids) => {
          const result = (await client.callTool({ name: 'get_commands', arguments: { command_ids: ids } })) as {
            content: Array<{ text: string }>;
          };
          if (!result.content[0]?.text.includes('"command_id"')) throw new Error(`get_commands answered ${result.content[0]?.text}`);
        });
        served.push(percentile(times, 95));
      } finally {
        await client.close();
      }
      const db = openReader(join(dir, 'contexterm.db'));
      try {
        const queries = new StoreQueries(db);
        const redactor = new Redactor();
        const source = {
          commandsByIds: (ids: readonly string[]) => queries.commandsByIds(ids),
          readCleanOutput: (id: string) => queries.readCleanOutput(id),
        };
        await timeCalls(batches.slice(0, 10), (ids) => getCommands(source, ids, redactor));
        inProcess.push(percentile(await timeCalls(batches, (ids) => getCommands(source, ids, redactor)), 95));
      } finally {
        db.close();
      }
    }
    return {
      ...spread('mcp_get_commands_p95_ms', served),
      ...spread('mcp_get_commands_in_process_p95_ms', inProcess),
      mcp_store_commands: commands,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
