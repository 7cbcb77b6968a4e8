// SPDX-License-Identifier: MIT
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pty from 'node-pty';
import { cleanOutput } from '../../../electron/segmenter/clean-text';
import { newNonce } from '../../../electron/segmenter/protocol/mark-codec';
import type { SegmentEvent } from '../../../electron/segmenter/segmenter';
import { Segmenter } from '../../../electron/segmenter/segmenter';
import { defaultProbe } from '../../../electron/segmenter/shell-fallback';
import { shellLaunch } from '../../../electron/segmenter/shell-launch';

export const INTEGRATION_DIR = fileURLToPath(new URL('../../../resources/shell-integration', import.meta.url));

export interface RecordedCommand {
  commandLine: string | null;
  cwd: string | null;
  exitCode: number | null;
  source: 'integrated' | 'heuristic';
  /** Clean text of the command's output range. */
  output: string;
}

/**
 * A real shell on a real pty (node-pty), started through shellLaunch with a throwaway HOME, its
 * output and our keystrokes fed to a Segmenter exactly as the app would. Tests wait for events
 * with deadlines; nothing sleeps for a fixed time.
 */
export class ShellSession {
  readonly nonce = newNonce();
  readonly home: string;
  readonly events: SegmentEvent[] = [];
  /** Everything the pty wrote, marks included (latin1, for waiting on screen text). */
  raw = '';
  private readonly _stream: Buffer[] = [];
  private readonly _segmenter: Segmenter;
  private readonly _pty: pty.IPty;
  private _exited = false;
  private _held: Buffer[] | undefined;

  /** Whether close() removes home: not when the caller passed its own (shared by two sessions). */
  private readonly _ownsHome: boolean;

  constructor(shell: string, files: Record<string, string> = {}, env: Record<string, string> = {}, home?: string) {
    this._ownsHome = home === undefined;
    this.home = home ?? mkdtempSync(join(tmpdir(), 'contexterm-seg-'));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(this.home, path)), { recursive: true });
      writeFileSync(join(this.home, path), content);
    }
    const baseEnv = {
      HOME: this.home,
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      USER: 'tester',
      ...env,
    };
    // Login-style, whatever this platform's default (Settings → Terminal): the fixtures' dotfiles are
    // login files (~/.bash_profile, ~/.profile); tests/integration/shells/login-shell.test.ts covers the choice.
    const launch = shellLaunch(shell, this.nonce, INTEGRATION_DIR, baseEnv, defaultProbe, true);
    // As the recorder does for a local shell: where it started is its cwd until it may have moved.
    this._segmenter = new Segmenter({ nonce: this.nonce, cwd: this.home });
    this._pty = pty.spawn(launch.file, launch.args, {
      name: 'xterm-256color',
      cols: 100,
      rows: 30,
      cwd: this.home,
      env: launch.env,
      encoding: null,
    });
    this._pty.onData((data) => {
      const bytes = data as unknown as Buffer;
      this.raw += bytes.toString('latin1');
      if (this._held) this._held.push(bytes);
      else this._feed(bytes);
    });
    this._pty.onExit(() => {
      this._exited = true;
    });
  }

  private _feed(bytes: Buffer): void {
    const result = this._segmenter.output(bytes);
    this._stream.push(result.bytes);
    this.events.push(...result.events);
  }

  /**
   * From now on the shell's output reaches the segmenter only at release(), in one read: as a busy
   * app reads it late (raw still grows, for waiting on the screen).
   */
  hold(): void {
    this._held ??= [];
  }

  release(): void {
    const held = this._held;
    this._held = undefined;
    if (held && held.length > 0) this._feed(Buffer.concat(held));
  }

  /** What the user types: to the segmenter's input side, then to the shell. */
  type(text: string): void {
    this.events.push(...this._segmenter.input(Buffer.from(text, 'utf8')));
    this._pty.write(text);
  }

  /** Name of the terminal's foreground process (the shell itself when idle). */
  foreground(): string {
    return this._pty.process;
  }

  /**
   * Runs `line` and sends Ctrl+C once `program` holds the terminal: before that the interrupt
   * would reach the shell, not the program (a race in any terminal, not ours to test).
   */
  async interrupt(line: string, program: string): Promise<void> {
    const prompts = this.count('prompt');
    this.type(`${line}\r`);
    await this.waitFor(`${program} in the foreground`, () => this.foreground() === program || undefined);
    this.type('\x03');
    await this.waitForPrompts(prompts + 1);
  }

  /** The stored output stream (marks removed, nonce redacted). */
  stream(): Buffer {
    return Buffer.concat(this._stream);
  }

  count(type: SegmentEvent['type']): number {
    return this.events.filter((event) => event.type === type).length;
  }

  async waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = probe();
      if (value !== undefined && value !== false) return value;
      if (Date.now() > deadline || this._exited) {
        const tail = JSON.stringify(this.raw.slice(-600));
        throw new Error(`timed out waiting for ${what}; events: ${JSON.stringify(this.events.slice(-8))}; raw tail: ${tail}`);
      }
      await new Promise((done) => setTimeout(done, 10));
    }
  }

  /** Waits until the raw output has grown past `from` and then contains `text`. */
  waitForRaw(text: string, from = 0, timeoutMs?: number): Promise<number> {
    return this.waitFor(
      `output ${JSON.stringify(text)}`,
      () => {
        const at = this.raw.indexOf(text, from);
        return at >= 0 ? at + text.length : undefined;
      },
      timeoutMs,
    );
  }

  /** Waits for the nth prompt event (1-based). */
  async waitForPrompts(n: number): Promise<void> {
    await this.waitFor(`prompt #${n}`, () => this.count('prompt') >= n || undefined);
  }

  /**
   * Types `line` + Enter at a prompt and waits until the shell shows its next prompt; returns the
   * commands recorded meanwhile (none for an empty line).
   */
  async run(line: string): Promise<RecordedCommand[]> {
    const before = this.commands().length;
    const prompts = this.count('prompt');
    this.type(`${line}\r`);
    await this.waitForPrompts(prompts + 1);
    // The end of a command arrives with (before) the next prompt, in the same read or earlier.
    return this.commands().slice(before);
  }

  /** Commands so far, from start/end event pairs, with their clean output. */
  commands(): RecordedCommand[] {
    const stream = this.stream();
    const commands: RecordedCommand[] = [];
    let open: { event: Extract<SegmentEvent, { type: 'command-start' }> } | undefined;
    for (const event of this.events) {
      if (event.type === 'command-start') open = { event };
      else if (event.type === 'command-end' && open) {
        const { cwd, source, offset } = open.event;
        // The end may carry the whole line when the start knew only its first line (a paste).
        const commandLine = event.commandLine ?? open.event.commandLine;
        commands.push({
          commandLine,
          cwd,
          source,
          exitCode: event.exitCode,
          output: cleanOutput(stream.subarray(offset, event.offset)).trim(),
        });
        open = undefined;
      }
    }
    return commands;
  }

  async close(): Promise<void> {
    if (!this._exited) this._pty.kill('SIGKILL');
    await this.waitFor('exit', () => this._exited || undefined, 5000).catch(() => undefined);
    if (this._ownsHome) rmSync(this.home, { recursive: true, force: true });
  }
}
