// SPDX-License-Identifier: MIT
import { expect } from 'vitest';
import type { HostClient } from './host-ws-client';

export interface Command {
  id: string;
  commandLine: string | null;
  endedAt: number | null;
  exitCode: number | null;
  interrupted?: boolean;
}

/** A terminal driven over browser mode's socket: output collected, acked, and waited on. */
export class Terminal {
  output = '';
  private constructor(
    readonly client: HostClient,
    readonly id: string,
  ) {}

  static async open(client: HostClient, options: { private?: boolean } = {}): Promise<Terminal> {
    const info = await client.invoke<{ id: string; recording: string }>('pty:spawn', { cols: 120, rows: 30, ...options });
    const terminal = new Terminal(client, info.id);
    client.on((channel, payload) => {
      const { id, data } = payload as { id: string; data?: string };
      if (channel !== 'pty:data' || id !== info.id) return;
      terminal.output += data;
      client.send('pty:ack', { id, chars: data!.length });
    });
    return terminal;
  }

  /** Runs a line and waits for `marker` in the output (put it in the command's output, not its echo). */
  async run(line: string, marker: RegExp): Promise<void> {
    const from = this.output.length;
    this.client.send('pty:input', { id: this.id, data: `${line}\r` });
    await expect.poll(() => marker.test(this.output.slice(from)), { timeout: 20_000, interval: 50 }).toBe(true);
  }

  commands(): Promise<Command[]> {
    return this.client.invoke<Command[]>('commands:list', { sessionId: this.id });
  }
}
