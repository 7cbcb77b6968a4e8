// SPDX-License-Identifier: MIT
import type { PtyExit, PtyHost, PtyProcess, SpawnOptions } from '../types';

/** An in-memory pty for unit tests of everything above the host: the test plays the program. */
export class FakePty implements PtyProcess {
  readonly pid = 4242;
  readonly shell: string;
  readonly cwd: string;
  cols: number;
  rows: number;
  exit: PtyExit | undefined;
  paused = false;
  readonly written: string[] = [];
  private readonly _bytes = new Set<(bytes: Buffer) => void>();
  private readonly _exit = new Set<(exit: PtyExit) => void>();

  constructor(
    readonly id: string,
    options: SpawnOptions,
  ) {
    this.shell = options.shell ?? '/bin/bash';
    this.cwd = options.cwd ?? '/home/test';
    this.cols = options.cols;
    this.rows = options.rows;
  }

  emit(bytes: Buffer | string): void {
    const buffer = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
    for (const listener of this._bytes) listener(buffer);
  }

  finish(exit: PtyExit): void {
    this.exit = exit;
    for (const listener of this._exit) listener(exit);
  }

  write(data: string | Buffer): void {
    this.written.push(data.toString());
  }
  resize(cols: number, rows: number): void {
    this.cols = cols;
    this.rows = rows;
  }
  pause(): void {
    this.paused = true;
  }
  resume(): void {
    this.paused = false;
  }
  secretInput = false;
  readsSecretInput(): boolean {
    return this.secretInput;
  }
  foregroundProcess(): string {
    return 'bash';
  }
  async kill(): Promise<void> {
    this.finish({ exitCode: null, signal: 1 });
  }
  onBytes(listener: (bytes: Buffer) => void): () => void {
    this._bytes.add(listener);
    return () => this._bytes.delete(listener);
  }
  onExit(listener: (exit: PtyExit) => void): () => void {
    this._exit.add(listener);
    return () => this._exit.delete(listener);
  }
}

export class FakePtyHost implements PtyHost {
  readonly spawned: FakePty[] = [];
  spawn(id: string, options: SpawnOptions): FakePty {
    const pty = new FakePty(id, options);
    this.spawned.push(pty);
    return pty;
  }
}
