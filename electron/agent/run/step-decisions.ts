// SPDX-License-Identifier: MIT
import { DomainError } from '../../../shared/ipc/define';

/** The user's choice for a proposed step, and the way to answer the window that sent it. */
export interface StepDecision {
  readonly decision: 'run' | 'skip';
  /** Set when the user edited the command. */
  readonly command?: string | undefined;
  /** "Allow this exact command again" in this conversation. */
  readonly remember?: boolean;
  /** Tells the deciding window its decision was taken. */
  readonly accept: () => void;
  /** Answers the deciding window with an error instead (an edit that cannot run); the step waits on. */
  readonly refuse: (error: Error) => void;
}

const aborted = () => new DomainError('failed', 'The answer was stopped.');

/**
 * Steps waiting for the user, by step id (the model's tool-call id): `agent:decide` resolves what
 * the run_command tool awaits. The first decision wins (two windows may show the same step); a
 * late or unknown one is refused with a plain message. A window only forwards the decision: where
 * the command runs was fixed when it was proposed, and main opens any terminal it needs.
 */
export class StepDecisions {
  private readonly _waiting = new Map<string, (decision: StepDecision) => void>();
  /**
   * Terminals a step is typing into or following now. Until the shell reports the command's start
   * the terminal still looks idle, so without this a step of another answer could type into it.
   */
  readonly inUse = new Set<string>();

  wait(stepId: string, signal: AbortSignal): Promise<StepDecision> {
    return new Promise<StepDecision>((resolve, reject) => {
      if (signal.aborted) return reject(aborted());
      const onAbort = () => {
        this._waiting.delete(stepId);
        reject(aborted());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this._waiting.set(stepId, (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      });
    });
  }

  /** Whether a step with this id waits for a decision now. */
  holds(stepId: string): boolean {
    return this._waiting.has(stepId);
  }

  /** Resolves once the step took the decision; rejects when its edit cannot run. */
  decide(stepId: string, decision: Pick<StepDecision, 'decision' | 'command' | 'remember'>): Promise<void> {
    const resolve = this._waiting.get(stepId);
    if (!resolve) throw new DomainError('not-found', 'This command was already decided, or its answer has ended.');
    this._waiting.delete(stepId);
    return new Promise((accept, refuse) => resolve({ ...decision, accept: () => accept(), refuse }));
  }
}
