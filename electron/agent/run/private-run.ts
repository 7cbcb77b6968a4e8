// SPDX-License-Identifier: MIT
import type { AgentStepView } from '../../../shared/ipc/agent';
import { DomainError } from '../../../shared/ipc/define';
import type { Invocation } from '../invocation/invocation';
import type { LiveStep } from './agent-deps';
import type { TerminalPort } from './terminal-port';

const PROMPT_POLL_MS = 100;

/**
 * A step asked from a private terminal runs in the pane opened beside it, which is private by its
 * lineage (electron/app/terminal-launcher.ts): nothing it runs is recorded, so there is no record
 * to follow or answer from. Followed the usual way it would wait for a record that never comes
 * (the step sat "running" until the pane timed out); so it is typed once the shell is at a prompt,
 * the step ends there, and the model is told plainly that the output is not available.
 */
const PRIVATE_NOTE =
  'Ran in a private terminal: nothing there is recorded, so its output stays in that pane and was not given to the assistant.';

/** The tool result for a command typed into a private terminal: no output, no exit status, and why. */
const privateResult = (step: AgentStepView): string =>
  JSON.stringify({
    status: 'ran in a private terminal',
    command_line: step.command,
    note:
      "The user's terminal is private: nothing that runs there is recorded, so this command's output and exit status are not available to you. " +
      'Do not guess them. If you need them, ask the user what it printed.',
  });

/** The pane for a step beside a private terminal must be private too; one that is not gets nothing. */
const PANE_NOT_PRIVATE = 'Not run: it was asked from a private terminal, and the pane opened for it would record it.';
const NOT_ITS_PANE = 'Not run: the private terminal named for it is not a new pane opened beside the terminal it was asked from.';

export type PaneForStep = { readonly kind: 'recorded' } | { readonly kind: 'private' } | { readonly kind: 'refused'; readonly why: string };

/**
 * What the pane a window named for a step may get. A recorded pane takes the usual path, unless
 * the step was run beside a private terminal (that pane should have been private). A private one
 * gets the command only when it was opened from that terminal (its lineage): never the private
 * terminal itself, nor another private one a window named by mistake.
 */
export const paneForStep = (port: TerminalPort, paneId: string, besideId: string | null): PaneForStep => {
  const pane = port.state(paneId);
  const besidePrivate = besideId !== null && port.state(besideId)?.private === true;
  if (!pane?.private) return besidePrivate ? { kind: 'refused', why: PANE_NOT_PRIVATE } : { kind: 'recorded' };
  if (besideId === null || paneId === besideId || pane.openedFrom !== besideId) return { kind: 'refused', why: NOT_ITS_PANE };
  return { kind: 'private' };
};

/** Resolves once the private terminal's shell waits at a prompt; rejects on abort or when it is gone. */
const untilPrompt = (port: TerminalPort, sessionId: string, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const check = () => {
      const state = port.state(sessionId);
      if (signal.aborted || !state) return reject(new DomainError('failed', 'The private terminal did not reach a prompt in time.'));
      if (state.atPrompt) return resolve();
      setTimeout(check, PROMPT_POLL_MS);
    };
    check();
  });

/**
 * Types the step's command into the private terminal `sessionId` once its shell is at a prompt,
 * as the user would, and ends the step: done, with no record, exit code or output.
 */
export const runUnrecorded = async (options: {
  readonly port: TerminalPort;
  readonly call: Invocation<LiveStep>;
  readonly sessionId: string;
  readonly signal: AbortSignal;
}): Promise<string> => {
  const { port, sessionId, call } = options;
  await untilPrompt(port, sessionId, options.signal);
  call.to('running', { target: 'new-pane', sessionId });
  port.type(sessionId, `${call.view.command}\r`);
  return privateResult(call.to('done', { commandId: null, exitCode: null, durationMs: null, note: PRIVATE_NOTE }));
};
