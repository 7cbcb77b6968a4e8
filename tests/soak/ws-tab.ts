// SPDX-License-Identifier: MIT
// A browser tab as the server sees it: its own WebSocket and one terminal, acknowledging output as
// xterm.js would (as the Tab of tests/bench/server-footprint.ts), with the soak run's workloads.
import { HostClient } from '../integration/support/host-ws-client';

const TIMEOUT_MS = 180_000;
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][A-Z0-9]|\x1b[=>]/g;

/** bash's prompt in a bare HOME (`bash-5.2$ `): the integration leaves PS1 alone. */
export const endsWithPrompt = (text: string): boolean => /[$#] $/.test(text.replace(ANSI, ''));

let marks = 0;

export class WsTab {
  private _tail = '';
  private _waiter: (() => void) | undefined;
  ptyId = '';

  private constructor(
    private readonly _client: HostClient,
    private readonly _errors: string[],
  ) {
    _client.on((channel, payload) => {
      if (channel !== 'pty:data') return;
      const { id, data } = payload as { id: string; data: string };
      _client.send('pty:ack', { id, chars: data.length });
      this._tail = (this._tail + data).slice(-8192);
      this._waiter?.();
    });
  }

  static async open(url: URL, errors: string[]): Promise<WsTab> {
    const tab = new WsTab(await HostClient.connect(url.origin, url.searchParams.get('token')!), errors);
    const prompt = tab.waitFor(endsWithPrompt, 'first prompt');
    tab.ptyId = (await tab.invoke<{ id: string }>('pty:spawn', { cols: 120, rows: 32 })).id;
    await prompt;
    return tab;
  }

  /** An invocation; a failed one is an error of the run (and throws). */
  async invoke<T>(channel: string, payload: unknown): Promise<T> {
    const result = await this._client.invokeResult(channel, payload);
    if (!result.ok) {
      const why = `${channel} failed: ${result.error?.code ?? '?'} ${result.error?.message ?? ''}`;
      this._errors.push(why);
      throw new Error(why);
    }
    return result.value as T;
  }

  /** Runs `command` and waits for its end marker and the prompt after it. */
  async run(command: string): Promise<void> {
    // Split in the typed line so its echo never matches.
    const marker = `SOAK_${++marks}_DONE`;
    const done = this.waitFor((tail) => tail.includes(marker) && endsWithPrompt(tail), command);
    this.type(`${command}; echo "${marker.slice(0, 5)}""${marker.slice(5)}"\r`);
    await done;
  }

  /** Opens `file` in vim, appends a line, writes and quits (`:wq`), then waits for the prompt. */
  async vim(file: string): Promise<void> {
    this._tail = '';
    const opened = this.waitFor((tail) => tail.includes('\x1b[?1049h') && tail.replace(ANSI, '').includes('~'), 'vim to open');
    this.type(`vim -N -u NONE ${file}\r`);
    await opened;
    this._tail = '';
    const closed = this.waitFor((tail) => tail.includes('\x1b[?1049l') && endsWithPrompt(tail), 'vim to quit');
    this.type('Goa line from the soak run\x1b');
    this.type(':wq\r');
    await closed;
  }

  /** Kills the terminal and closes the socket, as closing a browser tab with its terminal does. */
  async close(): Promise<void> {
    await this.invoke('pty:kill', { id: this.ptyId });
    this._client.close();
  }

  /** Closes the socket only (the terminal stays, as when a page goes away). */
  disconnect(): void {
    this._client.close();
  }

  private type(data: string): void {
    this._client.send('pty:input', { id: this.ptyId, data });
  }

  /** Resolves once the last output satisfies `test` (checked after every batch). */
  private waitFor(test: (tail: string) => boolean, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this._waiter = undefined;
        reject(new Error(`tab: timed out waiting for ${what}; last output ${JSON.stringify(this._tail.slice(-200))}`));
      }, TIMEOUT_MS);
      this._waiter = () => {
        if (!test(this._tail)) return;
        clearTimeout(timer);
        this._waiter = undefined;
        resolve();
      };
      this._waiter();
    });
  }
}
