// SPDX-License-Identifier: MIT
import type { AgentStepState, InvocationPhase } from '../../../shared/ipc/agent';
import { DomainError } from '../../../shared/ipc/define';

/**
 * The life of one tool call the model makes, whatever the tool. Before this table each change was
 * built by spreading the last step into the next, in twelve places, and nothing refused a step
 * going from "done" back to "running" (issue 40).
 *
 * - proposed: shown, waiting for a decision (the user's, or the confirmation service's).
 * - approved: allowed (Run, Edit, the allow-list, a remembered command); nothing started yet.
 * - denied: the user said no; nothing ran.
 * - waiting-for-terminal: allowed, waiting for its terminal to open or reach a prompt.
 * - running: started; its record is followed.
 * - handed-over: still running, but it needs the user (a password, a pager, a long run).
 * - done: ended, with its result.
 * - failed: could not be carried out (refused before asking, no terminal, no record started).
 * - stopped: the answer was stopped (Stop, Esc) before or while it ran.
 */
export type InvocationState = InvocationPhase;

/** Every legal move; anything else is refused. The ends (denied, done, failed, stopped) lead nowhere. */
const NEXT: Readonly<Record<InvocationState, readonly InvocationState[]>> = {
  proposed: ['approved', 'denied', 'failed', 'stopped'],
  approved: ['waiting-for-terminal', 'running', 'failed', 'stopped'],
  'waiting-for-terminal': ['running', 'failed', 'stopped'],
  running: ['handed-over', 'done', 'failed', 'stopped'],
  'handed-over': ['done', 'failed', 'stopped'],
  denied: [],
  done: [],
  failed: [],
  stopped: [],
};

const canMove = (from: InvocationState, to: InvocationState): boolean => NEXT[from].includes(to);

/** A move the table does not allow: a bug in the caller, refused rather than shown to the user. */
class IllegalTransitionError extends DomainError {
  constructor(
    readonly from: InvocationState,
    readonly to: InvocationState,
    readonly callId: string,
  ) {
    super('failed', `The tool call ${callId} cannot go from ${from} to ${to}.`);
    this.name = 'IllegalTransitionError';
  }
}

/** Checks one move; returns the new state, or throws IllegalTransitionError (code `failed`). */
export const move = (callId: string, from: InvocationState, to: InvocationState): InvocationState => {
  if (!canMove(from, to)) throw new IllegalTransitionError(from, to, callId);
  return to;
};

/**
 * The state a window shows (`data-state` in the UI contract): only a proposed call has buttons;
 * once allowed it shows as running (its terminal may still be opening), handed-over as running
 * (with `waiting`), and denied or failed as skipped (with the note saying why).
 */
export const shownState = (state: InvocationState): AgentStepState => {
  switch (state) {
    case 'proposed':
      return 'proposed';
    case 'approved':
    case 'waiting-for-terminal':
    case 'running':
    case 'handed-over':
      return 'running';
    case 'denied':
    case 'failed':
      return 'skipped';
    case 'done':
      return 'done';
    case 'stopped':
      return 'stopped';
  }
};
