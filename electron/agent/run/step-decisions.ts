// SPDX-License-Identifier: MIT
import { DomainError } from '../../../shared/ipc/define';

export interface PaneRequest {
  readonly cwd: string | null;
  readonly besideSessionId: string | null;
}

/** The user's choice for a proposed step, and the way to answer the window that sent it. */
export interface StepDecision {
  readonly decision: 'run' | 'skip';
  /** Set when the user edited the command. */
  readonly command?: string | undefined;
  readonly activeSessionId: string | null;
  /** Tells the deciding window whether it must open a pane first (null: no pane needed). */
  readonly reply: (pane: PaneRequest | null) => void;
  /** Answers the deciding window with an error instead (an edit that cannot run); the step waits on. */
  readonly refuse: (error: Error) => void;
}

const aborted = () => new DomainError('failed', 'The answer was stopped.');

/**
 * Steps waiting for the user, by step id: `agent:decide` and `agent:pane` resolve what the
 * run_command tool awaits. The first decision wins (two windows may show the same step); a late
 * or unknown one is refused with a plain message.
 */
export class StepDecisions {
  private readonly _waiting = new Map<string, (decision: StepDecision) => void>();
  private readonly _panes = new Map<string, (sessionId: string) => void>();
  /**
   * Terminals a step is typing into or following now. Until the shell reports the command's start
   * the terminal still looks idle, so without this a step of another answer could type into it.
   */
  readonly inUse = new Set<string>();

  wait(stepId: string, signal: AbortSignal): Promise<StepDecision> {
    return this._await(this._waiting, stepId, signal);
  }

  /** Resolves with the window's answer: the pane it must open, or null. */
  decide(stepId: string, decision: Omit<StepDecision, 'reply' | 'refuse'>): Promise<PaneRequest | null> {
    const resolve = this._waiting.get(stepId);
    if (!resolve) throw new DomainError('not-found', 'This command was already decided, or its answer has ended.');
    this._waiting.delete(stepId);
    return new Promise((reply, refuse) => resolve({ ...decision, reply, refuse }));
  }

  waitPane(stepId: string, signal: AbortSignal): Promise<string> {
    return this._await(this._panes, stepId, signal);
  }

  pane(stepId: string, sessionId: string): boolean {
    const resolve = this._panes.get(stepId);
    this._panes.delete(stepId);
    resolve?.(sessionId);
    return resolve !== undefined;
  }

  private _await<T>(table: Map<string, (value: T) => void>, stepId: string, signal: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal.aborted) return reject(aborted());
      const onAbort = () => {
        table.delete(stepId);
        reject(aborted());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      table.set(stepId, (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      });
    });
  }
}
