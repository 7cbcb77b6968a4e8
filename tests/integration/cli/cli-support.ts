// SPDX-License-Identifier: MIT
import { execFile } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node bin/contexterm ARGS` (the package's bin, as a user would) and collects what it printed. */
export const runCli = (args: readonly string[]): Promise<CliRun> =>
  new Promise((resolve) => {
    execFile(process.execPath, ['bin/contexterm', ...args], { encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

/** The MCP server started as its users' agents start it, spoken to through the SDK's own client. */
export const connectMcp = async (dataDir: string): Promise<Client> => {
  const client = new Client({ name: 'contexterm-tests', version: '0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: ['bin/contexterm', 'mcp', '--data-dir', dataDir], stderr: 'pipe' }),
  );
  return client;
};

/** A tool's text answer, parsed. */
export const callTool = async <T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> => {
  const result = (await client.callTool({ name, arguments: args })) as {
    content: Array<{ type: string; text: string }>;
    isError?: boolean;
  };
  if (result.isError) throw new Error(`${name} failed: ${result.content[0]?.text}`);
  return JSON.parse(result.content[0]!.text) as T;
};
