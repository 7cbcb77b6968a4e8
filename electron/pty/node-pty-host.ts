// SPDX-License-Identifier: MIT
import { basename } from 'node:path';
import * as nodePty from 'node-pty';
import { keeperLaunch, SentinelScanner } from './exit-drain';
import { foregroundGroup, hasChildren, isAlive, sessionMembers, signalAll } from './process-tree';
import { discardSecretsIn } from './secret-file';
import { readsSecretInput } from './termios';
import type { PtyExit, PtyHost, PtyProcess, SpawnOptions } from './types';

/** Grace periods of the kill ladder: SIGHUP (what closing a terminal means), then TERM, then KILL. */
const KILL_LADDER_MS = [250, 750] as const;

/** How long a released keeper may take to exit before it is killed (it should take a moment). */
const RELEASE_GRACE_MS = 2000;

export const defaultShell = (): string => process.env.SHELL || '/bin/bash';

export const createNodePtyHost = (): PtyHost => ({
  spawn: (id, options) => new NodePtyProcess(id, options),
});

class NodePtyProcess implements PtyProcess {
  readonly pid: number;
  readonly shell: string;
  readonly cwd: string;
  private _cols: number;
  private _rows: number;
  private _exit: PtyExit | undefined;
  private _pendingExit: PtyExit | undefined;
  /** Sentinels seen and not yet checked, and whether a check is under way. */
  private _sentinels = 0;
  private _checking = false;
  private _releaseTimer: NodeJS.Timeout | undefined;
  private readonly _pty: nodePty.IPty;
  private readonly _scanner: SentinelScanner;
  private readonly _launchEnv: Record<string, string>;
  private readonly _bytesListeners = new Set<(bytes: Buffer) => void>();
  private readonly _exitListeners = new Set<(exit: PtyExit) => void>();

  constructor(
    readonly id: string,
    options: SpawnOptions,
  ) {
    this.shell = options.shell ?? defaultShell();
    this.cwd = options.cwd ?? process.env.HOME ?? '/';
    this._cols = options.cols;
    this._rows = options.rows;
    const env = { ...shellEnvironment(), ...options.env, TERM: 'xterm-256color', COLORTERM: 'truecolor' };
    const launch = keeperLaunch(this.shell, options.args ?? ['-l'], env);
    this._scanner = new SentinelScanner(launch.sentinel);
    this._launchEnv = launch.env;
    try {
      this._pty = nodePty.spawn(launch.file, launch.args, {
        name: 'xterm-256color',
        cols: options.cols,
        rows: options.rows,
        cwd: this.cwd,
        env: launch.env,
        // Raw bytes: the recorder stores exactly what the program wrote; decoding happens per consumer.
        encoding: null,
      });
    } catch (error) {
      // Nobody will read the keeper's and the shell's secret files.
      discardSecretsIn(launch.env);
      throw error;
    }
    this.pid = this._pty.pid;
    this._pty.onData((data) => this._onData(data as unknown as Buffer));
    this._pty.onExit(({ exitCode, signal }) => {
      clearTimeout(this._releaseTimer);
      discardSecretsIn(this._launchEnv);
      this._pendingExit = { exitCode: signal ? null : exitCode, signal: signal || null };
      this._maybeFinish();
    });
  }

  get cols(): number {
    return this._cols;
  }

  get rows(): number {
    return this._rows;
  }

  get exit(): PtyExit | undefined {
    return this._exit;
  }

  write(data: string | Buffer): void {
    if (this._exit || this._pendingExit) return;
    try {
      this._pty.write(data as string);
    } catch {
      // The pty closed between the check and the write (node-pty #976-style races).
    }
  }

  resize(cols: number, rows: number): void {
    if (this._exit || this._pendingExit) return;
    try {
      this._pty.resize(cols, rows);
      this._cols = cols;
      this._rows = rows;
    } catch {
      // Resizing a pty whose child just exited throws EBADF (node-pty #220, #827).
    }
  }

  pause(): void {
    this._pty.pause();
  }

  resume(): void {
    this._pty.resume();
  }

  readsSecretInput(): boolean {
    if (this._exit || this._pendingExit) return false;
    return readsSecretInput((this._pty as unknown as { fd: number }).fd);
  }

  foregroundProcess(): string {
    // The keeper (a `sh`, the session leader) holds the terminal until the shell takes it and again
    // once it exits: that is the shell starting or ending, not a program the user runs.
    if (foregroundGroup(this.pid) === this.pid) return basename(this.shell);
    try {
      return basename(this._pty.process);
    } catch {
      return basename(this.shell);
    }
  }

  async kill(): Promise<void> {
    // The keeper is the session leader, so the session id is its pid.
    signalAll(sessionMembers(this.pid), 'SIGHUP');
    for (const [index, graceMs] of KILL_LADDER_MS.entries()) {
      if (await waitUntil(() => sessionMembers(this.pid).length === 0, graceMs)) break;
      signalAll(sessionMembers(this.pid), index === 0 ? 'SIGTERM' : 'SIGKILL');
    }
    if (isAlive(this.pid)) signalAll([this.pid], 'SIGKILL');
  }

  onBytes(listener: (bytes: Buffer) => void): () => void {
    this._bytesListeners.add(listener);
    return () => this._bytesListeners.delete(listener);
  }

  onExit(listener: (exit: PtyExit) => void): () => void {
    this._exitListeners.add(listener);
    return () => this._exitListeners.delete(listener);
  }

  private _onData(chunk: Buffer): void {
    const { bytes, sentinels } = this._scanner.scan(chunk);
    if (bytes.length > 0) this._emitBytes(bytes);
    if (sentinels > 0) {
      this._sentinels += sentinels;
      if (!this._checking) void this._checkSentinels();
    }
    this._maybeFinish();
  }

  /**
   * Everything before the sentinel has been read, so the keeper may go, but only if its program
   * has really exited: the keeper prints the sentinel after waiting for it (and for stty), so a
   * keeper with a child means the sentinel came from the program or one of its jobs, whatever
   * nonce it carries. Where children cannot be listed the secret nonce has to do, and a release
   * sent early is harmless anyway: it is a signal, never input a live program could read, and the
   * keeper ignores it until its program is done (so every sentinel is checked, not just the first).
   */
  private async _checkSentinels(): Promise<void> {
    this._checking = true;
    try {
      while (this._sentinels > 0 && !this._pendingExit) {
        this._sentinels = 0;
        if (await hasChildren(this.pid)) continue;
        signalAll([this.pid], 'SIGUSR1');
        clearTimeout(this._releaseTimer);
        this._releaseTimer = setTimeout(() => void this._enforceRelease(), RELEASE_GRACE_MS);
        this._releaseTimer.unref();
      }
    } finally {
      this._checking = false;
    }
  }

  /**
   * A released keeper exits at once; one still there (in a read someone re-armed) is killed, but
   * only when it is known to be past its program: killing the session leader hangs up the tab.
   */
  private async _enforceRelease(): Promise<void> {
    if (this._pendingExit || !isAlive(this.pid)) return;
    if ((await hasChildren(this.pid)) === false && !this._pendingExit) signalAll([this.pid], 'SIGKILL');
  }

  private _emitBytes(bytes: Buffer): void {
    for (const listener of this._bytesListeners) listener(bytes);
  }

  private _maybeFinish(): void {
    // node-pty may report exit before the last data event (node-pty #72): finish only when both
    // the sentinel (end of output) and the exit status are in, or when exit came without a
    // sentinel (the keeper was killed), in which case no further output can arrive.
    if (!this._pendingExit || this._exit) return;
    const held = this._scanner.flushHeld();
    if (held && held.length > 0) this._emitBytes(held);
    this._exit = this._pendingExit;
    for (const listener of this._exitListeners) listener(this._exit);
  }
}

/**
 * The host's environment minus what must not leak into the user's shells: our own configuration
 * (it may carry an API key), npm's run-script variables, and Electron's node switch.
 */
const HIDDEN_ENV = /^(CONTEXTERM_|npm_|ELECTRON_RUN_AS_NODE$)/;

export const shellEnvironment = (env: NodeJS.ProcessEnv = process.env): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && !HIDDEN_ENV.test(key)) out[key] = value;
  return out;
};

const waitUntil = async (predicate: () => boolean, timeoutMs: number): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (predicate()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return predicate();
};
