// SPDX-License-Identifier: MIT
// How much `ssh host` with the integration delays the first remote prompt, measured through the
// real app (browser mode, its pty, recorder and segmenter) against a real sshd on 127.0.0.1, in
// interleaved rounds of three ways in: plain ssh (`command ssh`, our function bypassed), ssh with
// a remote command that only starts the login shell (what any bootstrap costs: sshd runs a command
// instead of the login shell), and our ssh function with the integration.
import { startServer } from '../e2e/support/app';
import { HostClient } from '../integration/support/host-ws-client';
import { startSshd, sshdAvailable } from '../integration/support/sshd';
import { median, round } from './stats';

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g;
const TIMEOUT_MS = 20_000;

/** One terminal over the socket; `until` waits for a pattern at the end of the output. */
const openTerminal = async (client: HostClient) => {
  const { id } = await client.invoke<{ id: string }>('pty:spawn', { cols: 120, rows: 30 });
  let tail = '';
  let waiter: (() => void) | undefined;
  let wanted: RegExp | undefined;
  client.on((channel, payload) => {
    const { id: from, data } = payload as { id: string; data?: string };
    if (channel !== 'pty:data' || from !== id || data === undefined) return;
    client.send('pty:ack', { id, chars: data.length });
    tail = (tail + data).slice(-4096);
    if (wanted && wanted.test(tail.replace(ANSI, ''))) waiter?.();
  });
  const until = (pattern: RegExp, typed: string): Promise<number> => {
    const started = performance.now();
    tail = '';
    wanted = pattern;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`ssh bench: no ${pattern} after ${typed}: ${JSON.stringify(tail.slice(-300))}`)),
        TIMEOUT_MS,
      );
      waiter = () => {
        clearTimeout(timer);
        wanted = undefined;
        resolve(performance.now() - started);
      };
      client.send('pty:input', { id, data: `${typed}\r` });
    });
  };
  return { until };
};

export const benchSsh = async (options: { quick: boolean }): Promise<Record<string, number>> => {
  if (!sshdAvailable()) {
    console.log('\n  ssh: skipped (needs root and /usr/sbin/sshd)');
    return {};
  }
  const sshd = await startSshd();
  const server = await startServer();
  const client = await HostClient.connect(server.origin, server.token);
  try {
    const terminal = await openTerminal(client);
    const local = /[$#] $/;
    const remote = /ctbash@[^\s:]+:~\$ $/;
    await terminal.until(local, 'true');
    const cfg = sshd.configFile;
    const ways = {
      plain: `command ssh -F ${cfg} ct-bash`,
      command: `command ssh -t -F ${cfg} ct-bash 'exec "$SHELL" -l'`,
      integrated: `ssh -F ${cfg} ct-bash`,
    } as const;
    const times: Record<keyof typeof ways, number[]> = { plain: [], command: [], integrated: [] };
    const rounds = options.quick ? 4 : 10;
    const order = Object.keys(ways) as Array<keyof typeof ways>;
    for (let r = 0; r < rounds + 1; r++) {
      // Rotated each round so warm-up and drift hit every way alike; round 0 only warms up.
      for (let k = 0; k < order.length; k++) {
        const way = order[(k + r) % order.length]!;
        const ms = await terminal.until(remote, ways[way]);
        if (r > 0) times[way].push(ms);
        await terminal.until(local, 'exit');
      }
    }
    const overhead = times.integrated.map((ms, i) => ms - times.plain[i]!);
    const bootstrap = times.integrated.map((ms, i) => ms - times.command[i]!);
    return {
      ssh_prompt_plain_ms: round(median(times.plain), 1),
      ssh_prompt_command_ms: round(median(times.command), 1),
      ssh_prompt_integrated_ms: round(median(times.integrated), 1),
      ssh_integration_overhead_ms: round(median(overhead), 1),
      ssh_integration_overhead_ms_min: round(Math.min(...overhead), 1),
      ssh_integration_overhead_ms_max: round(Math.max(...overhead), 1),
      ssh_bootstrap_overhead_ms: round(median(bootstrap), 1),
    };
  } finally {
    client.close();
    await server.stop();
    await sshd.stop();
  }
};
