// SPDX-License-Identifier: MIT
import type { AgentSettings } from '../../../shared/settings/registry';
import { DomainError } from '../../../shared/ipc/define';
import type { Confirmation } from '../invocation/confirmation';
import type { Invocation } from '../invocation/invocation';
import { checkEditedCommand } from './run-command-args';
import type { AgentDeps, AgentTurnContext, LiveStep } from './agent-deps';
import { runInTerminal, untilRecordEnds } from './command-run';
import type { Classification } from '../risk/classify';
import type { StepDecision } from './step-decisions';
import { deniedByRuleResult, declinedResult, notStartedResult, ranResult } from './step-result';
import { paneForStep, runUnrecorded } from './private-run';

export interface StepRun {
  readonly deps: AgentDeps;
  readonly context: AgentTurnContext;
  readonly call: Invocation<LiveStep>;
  /** What the confirmation service decided when the step was proposed. */
  readonly confirmation: Confirmation;
  readonly signal: AbortSignal;
  readonly settings: AgentSettings;
}

/** How long a terminal opened for a step has to open and its shell to reach a prompt. */
const PANE_TIMEOUT_MS = 20_000;
const PROMPT_POLL_MS = 100;

/** Resolves once the terminal's shell waits at an idle prompt; rejects on abort. */
const untilIdle = (deps: AgentDeps, sessionId: string, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const check = () => {
      if (signal.aborted) return reject(new DomainError('failed', 'The new terminal did not reach a prompt in time.'));
      if (deps.port.state(sessionId)?.idle && !deps.decisions.inUse.has(sessionId)) return resolve();
      setTimeout(check, PROMPT_POLL_MS);
    };
    check();
  });

/** Why the assistant will not run `command` (shown to whoever chose it), or null. */
export const unrunnable = (deps: AgentDeps, command: string): string | null =>
  deps.port.excludedFromHistory(command)
    ? 'It matches your history exclusions (Settings → History), so it would leave no record: run it yourself if you want it.'
    : null;

/** A line bash cannot read would leave the shell waiting for the rest (an open quote, a trailing |). */
const UNREADABLE = 'The shell cannot read it as one complete line (an unclosed quote, a trailing | or \\?).';

interface Decided {
  readonly decision: Pick<StepDecision, 'decision' | 'command' | 'remember'>;
  /** The user's edit and its classification, when they edited the command. */
  readonly edit?: { readonly command: string; readonly classification: Classification };
}

/** The user's edit checked as the model's command is; the problem goes back to their window. */
const checkEdit = async (deps: AgentDeps, command: string): Promise<{ problem: string } | { classification: Classification }> => {
  const problem = checkEditedCommand(command) ?? unrunnable(deps, command);
  if (problem !== null) return { problem };
  const classification = await deps.classify(command);
  return classification.risk === 'unparsed' ? { problem: UNREADABLE } : { classification };
};

/**
 * The decision: the confirmation service's when it allowed the call, else the user's. An edit
 * that cannot run is refused back to its window and the step goes on waiting.
 */
const decide = async (run: StepRun): Promise<Decided> => {
  const step = run.call.view;
  if (run.confirmation.kind === 'allow') return { decision: { decision: 'run' } };
  for (;;) {
    const decision = await run.deps.decisions.wait(step.id, run.signal);
    const edited = decision.decision === 'run' ? decision.command?.trim() : undefined;
    if (edited === undefined || edited === step.command) {
      decision.accept();
      return { decision };
    }
    let checked: Awaited<ReturnType<typeof checkEdit>>;
    try {
      checked = await checkEdit(run.deps, edited);
    } catch (error) {
      decision.refuse(error as Error); // the window must not wait on an answer that never comes
      throw error;
    }
    if ('classification' in checked) {
      decision.accept();
      return { decision, edit: { command: edited, classification: checked.classification } };
    }
    decision.refuse(new DomainError('invalid-request', checked.problem));
  }
};

type Terminal = { readonly kind: 'recorded'; readonly sessionId: string } | { readonly kind: 'done'; readonly result: string };

/**
 * The terminal fixed when the step was proposed, if it still waits at an idle prompt with nothing
 * typed; else the conversation's own terminal, opened by main in the step's directory beside it.
 * Never the terminal active at Run time: a switch of tabs does not move the command (issue 40).
 */
const terminalFor = async (run: StepRun, besideSessionId: string | null): Promise<Terminal> => {
  const { deps, call, signal } = run;
  const step = call.view;
  const fixed = step.target === 'active' && step.sessionId !== null ? deps.port.state(step.sessionId) : undefined;
  if (fixed?.idle && step.sessionId !== null && !deps.decisions.inUse.has(step.sessionId) && fixed.cwd === step.cwd) {
    return { kind: 'recorded', sessionId: step.sessionId };
  }
  call.to('waiting-for-terminal');
  const waitSignal = AbortSignal.any([signal, AbortSignal.timeout(PANE_TIMEOUT_MS)]);
  const sessionId = await deps.terminals.terminalFor(run.context.conversationId, { cwd: step.cwd, besideSessionId }, deps.decisions.inUse);
  // Beside a private terminal the new one is private (its lineage): no record to follow, so none is awaited.
  const pane = paneForStep(deps.port, sessionId, besideSessionId);
  if (pane.kind === 'private')
    return { kind: 'done', result: await runUnrecorded({ port: deps.port, call, sessionId, signal: waitSignal }) };
  if (pane.kind === 'refused') {
    call.to('failed', { note: pane.why });
    return { kind: 'done', result: notStartedResult(step, `${pane.why} Do not assume it ran.`) };
  }
  await untilIdle(deps, sessionId, waitSignal);
  const openedIn = deps.port.state(sessionId)?.cwd ?? null;
  if (step.cwd !== null && openedIn !== null && openedIn !== step.cwd) {
    // The directory is gone or could not be entered: the line was read for another one.
    call.to('failed', { note: `Not run: the new terminal opened in ${openedIn}, not in ${step.cwd}.` });
    return { kind: 'done', result: notStartedResult(step, `Not run: the terminal for it opened in ${openedIn} instead of ${step.cwd}.`) };
  }
  return { kind: 'recorded', sessionId };
};

/**
 * One proposed command from its proposal to the tool result: the confirmation service's decision
 * or the user's (Run / Edit / Skip, or Stop), the terminal fixed at the proposal (or the
 * conversation's own), typing it there, following its record, and answering from that record.
 */
export const runStep = async (run: StepRun): Promise<string> => {
  const { deps, call, signal, confirmation } = run;
  if (confirmation.kind === 'deny') {
    call.to('denied', { note: `Not run: your rule “${confirmation.rule}” refuses it.` });
    return deniedByRuleResult(call.view, confirmation.rule);
  }
  let decided: Decided;
  try {
    decided = await decide(run);
  } catch (error) {
    call.to('stopped');
    throw error;
  }
  const { decision, edit } = decided;
  if (decision.decision === 'skip') return declinedResult(call.to('denied'));
  if (decision.remember === true) deps.confirmations.remember(run.context.conversationId, edit?.command ?? call.view.command);
  call.to('approved', edit ? { command: edit.command, risk: edit.classification.risk, warnings: [...edit.classification.reasons] } : {});
  const besideSessionId = call.view.sessionId ?? run.context.activeSessionId;
  let terminal: Terminal;
  try {
    terminal = await terminalFor(run, besideSessionId);
  } catch (error) {
    if (signal.aborted) {
      call.to('stopped');
      throw error;
    }
    call.to('failed', { note: 'Not run: no terminal was ready for it.' });
    return notStartedResult(call.view, 'No terminal was ready to run it (the terminal for it did not open or reach a prompt).');
  }
  if (terminal.kind === 'done') return terminal.result;
  const { sessionId } = terminal;
  call.to('running', { sessionId, cwd: deps.port.state(sessionId)?.cwd ?? call.view.cwd });
  deps.decisions.inUse.add(sessionId); // claimed in the same tick it was found idle: no await between
  const outcome = await runInTerminal({
    port: deps.port,
    sessionId,
    command: call.view.command,
    handOverMs: run.settings.handOverSeconds * 1000,
    signal,
    onStarted: (record) => void call.update({ commandId: record.id, cwd: record.cwd ?? call.view.cwd }),
    onWaiting: (reason) => void call.to('handed-over', { waiting: reason }),
    now: deps.now ?? Date.now,
  });
  // Stopped, the command may still run (Ctrl+C is only a request): the terminal stays claimed until its record ends.
  if (outcome.kind === 'stopped' && outcome.record && outcome.record.endedAt === null) {
    untilRecordEnds(deps.port, outcome.record.id, () => deps.decisions.inUse.delete(sessionId));
  } else deps.decisions.inUse.delete(sessionId);
  if (outcome.kind === 'not-started') {
    call.to('failed', { note: 'No record of it started: check the terminal, it may not have run or may have run unrecorded.' });
    return notStartedResult(
      call.view,
      'No record of the command started within 10 s: the shell may not have been at a prompt, or it ran without a record. Do not assume either; ask the user before proposing it again.',
    );
  }
  const record = outcome.record;
  const ended = call.to(outcome.kind === 'ended' ? 'done' : 'stopped', {
    commandId: record?.id ?? call.view.commandId,
    exitCode: outcome.kind === 'ended' ? (record?.exitCode ?? null) : null,
    durationMs: record && record.endedAt !== null ? record.endedAt - record.startedAt : null,
  });
  if (outcome.kind === 'stopped') throw new DomainError('failed', 'Stopped by the user.');
  return ranResult(ended, deps.record);
};
