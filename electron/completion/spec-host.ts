// SPDX-License-Identifier: MIT
import { Worker } from 'node:worker_threads';
import { WORKER_LIMITS } from '../runtime/idle-release';
import { trackWorker } from '../runtime/thread-memory';
import { resolveWorkerUrl } from '../runtime/worker-url';
import type { SpecAnswer } from './spec-walk';

export type SpecRequest =
  | { readonly type: 'walk'; readonly id: number; readonly program: string; readonly args: readonly string[]; readonly word: string }
  | { readonly type: 'programs'; readonly id: number; readonly prefix: string };

export type SpecReply =
  | { readonly type: 'walked'; readonly id: number; readonly answer: SpecAnswer | null }
  | { readonly type: 'programs'; readonly id: number; readonly names: readonly string[] }
  | { readonly type: 'log'; readonly message: string };

/** What the completion service asks of the specs, in a worker (SpecHost) or in-process (tests). */
export interface SpecIndexPort {
  /** The spec of `program` walked to the cursor; undefined when the program has none. */
  walk(program: string, args: readonly string[], word: string): Promise<SpecAnswer | undefined>;
  /** Programs with a spec whose name starts with `prefix`. */
  programs(prefix: string): Promise<readonly string[]>;
}

/** The worker stops after this long without a question, and its loaded specs with it. */
const IDLE_STOP_MS = 60_000;

/**
 * Main's side of the spec worker (spec-worker.ts): started by the first Ctrl+Space, never at
 * start-up, and stopped after a minute without one. A worker that dies fails what it was asked (no
 * items; the next question starts a new one).
 */
export class SpecHost implements SpecIndexPort {
  private _worker: Worker | undefined;
  private _next = 0;
  /** Questions not answered yet, each with the worker it went to (a stopped one fails only its own). */
  private readonly _waiting = new Map<number, { readonly worker: Worker; readonly done: (reply: SpecReply | undefined) => void }>();
  private _idle: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly _log: (message: string) => void) {}

  async walk(program: string, args: readonly string[], word: string): Promise<SpecAnswer | undefined> {
    const reply = await this._ask({ type: 'walk', id: 0, program, args, word });
    return reply?.type === 'walked' ? (reply.answer ?? undefined) : { items: [], paths: 'none' };
  }

  async programs(prefix: string): Promise<readonly string[]> {
    const reply = await this._ask({ type: 'programs', id: 0, prefix });
    return reply?.type === 'programs' ? reply.names : [];
  }

  dispose(): void {
    clearTimeout(this._idle);
    void this._worker?.terminate();
    this._worker = undefined;
  }

  private async _ask(request: SpecRequest): Promise<SpecReply | undefined> {
    const worker = this._worker ?? (await this._start());
    if (!worker) return undefined;
    const id = ++this._next;
    clearTimeout(this._idle);
    return new Promise((resolve) => {
      this._waiting.set(id, {
        worker,
        done: (reply) => {
          if (this._waiting.size === 0) this._idle = setTimeout(() => this.dispose(), IDLE_STOP_MS).unref();
          resolve(reply);
        },
      });
      worker.postMessage({ ...request, id });
    });
  }

  private async _start(): Promise<Worker | undefined> {
    try {
      const url = await resolveWorkerUrl('spec-worker', 'electron/completion/spec-worker.ts');
      if (this._worker) return this._worker;
      const worker = new Worker(url, { execArgv: [], resourceLimits: WORKER_LIMITS });
      trackWorker(worker, 'completion specs');
      worker.on('message', (reply: SpecReply) => {
        if (reply.type === 'log') return this._log(reply.message);
        const waiting = this._waiting.get(reply.id);
        this._waiting.delete(reply.id);
        waiting?.done(reply);
      });
      worker.on('error', (error) => this._log(`completion: the spec worker failed: ${String(error)}`));
      worker.on('exit', () => {
        if (this._worker === worker) this._worker = undefined;
        for (const [id, waiting] of [...this._waiting]) {
          if (waiting.worker !== worker) continue;
          this._waiting.delete(id);
          waiting.done(undefined);
        }
      });
      this._worker = worker;
      return worker;
    } catch (error) {
      this._log(`completion: the spec worker did not start: ${String(error)}`);
      return undefined;
    }
  }
}
