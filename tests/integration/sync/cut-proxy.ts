// SPDX-License-Identifier: MIT
import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of the S3 server that can cut the network mid-upload: while
 * `cut(n, afterBytes)` is in force, the next n connections are dropped (both ends destroyed) once
 * they have sent more than afterBytes towards the server, as a Wi-Fi drop mid-request would.
 */
export interface CutProxy {
  readonly endpoint: string;
  /** Drop the next `connections` connections (Infinity: until heal()) after `afterBytes` upstream. */
  cut(connections: number, afterBytes: number): void;
  heal(): void;
  /** How many connections were dropped so far. */
  readonly dropped: number;
  close(): Promise<void>;
}

export const startCutProxy = async (target: string): Promise<CutProxy> => {
  const { hostname, port } = new URL(target);
  let left = 0;
  let after = 0;
  let dropped = 0;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    open.add(client).add(upstream);
    let sent = 0;
    let doomed = left > 0;
    client.on('data', (chunk: Buffer) => {
      if (doomed && sent + chunk.length > after) {
        if (left <= 0) {
          doomed = false;
        } else {
          left--;
          dropped++;
          upstream.write(chunk.subarray(0, Math.max(0, after - sent)));
          client.destroy();
          upstream.destroy();
          return;
        }
      }
      sent += chunk.length;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    cut: (connections, afterBytes) => {
      left = connections;
      after = afterBytes;
    },
    heal: () => {
      left = 0;
    },
    get dropped() {
      return dropped;
    },
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
