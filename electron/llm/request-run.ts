// SPDX-License-Identifier: MIT
import { toLlmError, type ErrorContext, type LlmError } from './errors';

/**
 * One streaming request's lifetime: the caller's cancel signal and our idle timer feed a single
 * AbortSignal handed to the SDK. Both SDKs end a stream quietly when it is aborted (no error), so
 * the run remembers who aborted to report `cancelled` or `timeout` instead of a clean finish.
 */
export class RequestRun {
  readonly signal: AbortSignal;
  private readonly _controller = new AbortController();
  private _abortedBy: 'caller' | 'idle-timeout' | undefined;
  private _timer: ReturnType<typeof setTimeout> | undefined;
  private readonly _onCallerAbort = () => this._abort('caller');

  constructor(
    private readonly _caller: AbortSignal | undefined,
    private readonly _idleTimeoutMs: number,
    private readonly _context: Omit<ErrorContext, 'abortedBy'>,
  ) {
    this.signal = this._controller.signal;
    if (_caller?.aborted) this._abort('caller');
    else _caller?.addEventListener('abort', this._onCallerAbort, { once: true });
  }

  get aborted(): boolean {
    return this._abortedBy !== undefined;
  }

  /** Restarts the idle timer; call whenever the server has sent something. */
  touch(): void {
    if (this._timer !== undefined) clearTimeout(this._timer);
    if (this._abortedBy === undefined) this._timer = setTimeout(() => this._abort('idle-timeout'), this._idleTimeoutMs);
  }

  /** Stops the idle timer while the consumer holds a yielded event (its pace is not the server's). */
  pause(): void {
    if (this._timer !== undefined) clearTimeout(this._timer);
    this._timer = undefined;
  }

  /** After the SDK iterator ended: an abort makes it end without throwing, so turn that into an error. */
  throwIfAborted(partialText: string): void {
    if (this._abortedBy !== undefined) throw this.fail(undefined, partialText);
  }

  fail(error: unknown, partialText: string): LlmError {
    const classified = toLlmError(error, {
      ...this._context,
      ...(this._abortedBy ? { abortedBy: this._abortedBy } : {}),
      idleTimeoutMs: this._idleTimeoutMs,
    });
    classified.partialText = partialText;
    return classified;
  }

  dispose(): void {
    this.pause();
    this._caller?.removeEventListener('abort', this._onCallerAbort);
    // Releases the socket if the consumer stopped early (break / return() on the iterator).
    if (!this._controller.signal.aborted) this._controller.abort();
  }

  private _abort(by: 'caller' | 'idle-timeout'): void {
    this._abortedBy ??= by;
    this.pause();
    this._controller.abort();
  }
}
