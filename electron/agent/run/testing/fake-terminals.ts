// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../../../shared/domain/command';
import { commandRecord } from '../../../../shared/testing/command-record';
import type { TerminalPort, TerminalState } from '../terminal-port';

/**
 * Terminals for the run_command tool's tests: each typed Enter starts a command (tagged when the
 * assistant said it would type), which the test ends with `finish`. Records what was typed.
 */
export class FakeTerminals implements TerminalPort {
  readonly typed: Array<{ sessionId: string; data: string }> = [];
  readonly states = new Map<string, TerminalState>();
  secret = false;
  /** The shell takes what is typed but starts nothing (not at a prompt, or the line left no record). */
  swallow = false;
  /** The exit code the fake record store answers with. */
  lastExit?: number;
  /** Command lines the fake history excludes (as the user's exclude patterns would). */
  excluded: RegExp | null = null;
  foregroundName = 'bash';
  private readonly _commands = new Set<(record: CommandRecord) => void>();
  private readonly _output = new Set<(sessionId: string, bytes: Buffer) => void>();
  private readonly _expect = new Set<string>();
  private _seq = 0;
  running: CommandRecord | undefined;

  constructor(sessions: Record<string, TerminalState>) {
    for (const [id, state] of Object.entries(sessions)) this.states.set(id, state);
  }

  state(id: string) {
    return this.states.get(id);
  }

  type(sessionId: string, data: string): void {
    this.typed.push({ sessionId, data });
    const line = /^([^\x03]*)\r$/s.exec(data)?.[1];
    if (line === undefined || this.swallow) return;
    const record = commandRecord({
      sessionId,
      seq: ++this._seq,
      commandLine: line,
      cwd: this.states.get(sessionId)?.cwd ?? null,
      startedAt: 1000,
    });
    if (this._expect.delete(sessionId)) record.ranBy = 'assistant';
    this.running = record;
    queueMicrotask(() => this._emit(record));
  }

  finish(exitCode: number): void {
    const running = this.running!;
    this.running = undefined;
    this._emit({ ...running, endedAt: 2500, exitCode, outputEnd: 10 });
  }

  output(sessionId: string, text: string): void {
    for (const listener of this._output) listener(sessionId, Buffer.from(text));
  }

  expectAssistantCommand(sessionId: string): () => void {
    this._expect.add(sessionId);
    return () => void this._expect.delete(sessionId);
  }

  /** Whether the next command started in the session would be tagged as the assistant's. */
  expecting(sessionId: string): boolean {
    return this._expect.has(sessionId);
  }

  excludedFromHistory(commandLine: string): boolean {
    return this.excluded?.test(commandLine) ?? false;
  }

  readsSecretInput(): boolean {
    return this.secret;
  }

  foreground(): string {
    return this.foregroundName;
  }

  onCommand(listener: (record: CommandRecord) => void) {
    this._commands.add(listener);
    return () => void this._commands.delete(listener);
  }

  onOutput(listener: (sessionId: string, bytes: Buffer) => void) {
    this._output.add(listener);
    return () => void this._output.delete(listener);
  }

  private _emit(record: CommandRecord): void {
    for (const listener of this._commands) listener(record);
  }
}
