// SPDX-License-Identifier: MIT
import type { AgentStepView } from '../../../shared/ipc/agent';
import { DomainError } from '../../../shared/ipc/define';
import type { AgentSettings } from '../../../shared/settings/registry';
import { checkEditedCommand } from './run-command-args';
import { chooseTarget, type AgentDeps, type AgentTurnContext } from './agent-deps';
import { runInTerminal } from './command-run';
import type { Classification } from '../risk/classify';
import type { StepDecision } from './step-decisions';
import { declinedResult, notStartedResult, ranResult } from './step-result';
import { paneForStep, runUnrecorded } from './private-run';

export interface StepRun {
  readonly deps: AgentDeps;
  readonly context: AgentTurnContext;
  readonly emit: (step: AgentStepView) => AgentStepView;
  readonly step: AgentStepView;
  readonly signal: AbortSignal;
  readonly settings: AgentSettings;
}

/** How long a window has to open the pane it was asked for, and its shell to reach a prompt. */
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

/**
 * Where the command runs at Run: the terminal active then, if idle. The command was read in the
 * directory the step showed (relative paths, `rm -rf build`), so when that terminal is elsewhere by
 * now (another terminal was activated, or it changed directory) it runs in a pane opened there.
 */
const targetFor = (deps: AgentDeps, step: AgentStepView, activeSessionId: string | null) => {
  const target = chooseTarget(deps.port, activeSessionId, deps.decisions.inUse);
  if (target.kind === 'active' && step.cwd !== null && target.cwd !== step.cwd) {
    return { kind: 'new-pane' as const, cwd: step.cwd, besideSessionId: target.sessionId };
  }
  return target;
};

/** A line bash cannot read would leave the shell waiting for the rest (an open quote, a trailing |). */
export const UNREADABLE = 'The shell cannot read it as one complete line (an unclosed quote, a trailing | or \\?).';

interface Decided {
  readonly decision: StepDecision;
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
 * The decision: the user's, or the allow-list's when the active terminal can take it at once. An
 * edit that cannot run is refused back to its window and the step goes on waiting.
 */
const decide = async (run: StepRun): Promise<Decided> => {
  const { step, context } = run;
  if (step.autoRun && step.target === 'active') {
    return { decision: { decision: 'run', activeSessionId: context.activeSessionId, reply: () => undefined, refuse: () => undefined } };
  }
  for (;;) {
    const decision = await run.deps.decisions.wait(step.id, run.signal);
    const edited = decision.decision === 'run' ? decision.command?.trim() : undefined;
    if (edited === undefined || edited === step.command) return { decision };
    let checked: Awaited<ReturnType<typeof checkEdit>>;
    try {
      checked = await checkEdit(run.deps, edited);
    } catch (error) {
      decision.refuse(error as Error); // the window must not wait on an answer that never comes
      throw error;
    }
    if ('classification' in checked) return { decision, edit: { command: edited, classification: checked.classification } };
    decision.refuse(new DomainError('invalid-request', checked.problem));
  }
};

/**
 * One proposed command from its proposal to the tool result: wait for Run / Edit / Skip (or Stop),
 * choose the terminal (the active one at an idle prompt, else a pane the window opens beside it),
 * type it there, follow its record, and answer the model from that record.
 */
export const runStep = async (run: StepRun): Promise<string> => {
  const { deps, emit, signal } = run;
  let step = emit(run.step);
  let decided: Decided;
  try {
    decided = await decide(run);
  } catch (error) {
    emit({ ...step, state: 'stopped' });
    throw error;
  }
  const { decision, edit } = decided;
  if (decision.decision === 'skip') {
    decision.reply(null);
    return declinedResult(emit({ ...step, state: 'skipped' }));
  }
  if (edit) step = { ...step, command: edit.command, risk: edit.classification.risk, warnings: [...edit.classification.reasons] };
  const target = targetFor(deps, step, decision.activeSessionId ?? run.context.activeSessionId);
  let sessionId: string;
  try {
    if (target.kind === 'active') {
      decision.reply(null);
      sessionId = target.sessionId;
    } else {
      decision.reply({ cwd: target.cwd, besideSessionId: target.besideSessionId });
      const waitSignal = AbortSignal.any([signal, AbortSignal.timeout(PANE_TIMEOUT_MS)]);
      sessionId = await deps.decisions.waitPane(step.id, waitSignal);
      // Beside a private terminal the pane is private (its lineage): no record to follow, so none is awaited.
      const pane = paneForStep(deps.port, sessionId, target.besideSessionId);
      if (pane.kind === 'private') return await runUnrecorded({ port: deps.port, step, sessionId, signal: waitSignal, emit });
      if (pane.kind === 'refused') {
        emit({ ...step, state: 'skipped', note: pane.why });
        return notStartedResult(step, `${pane.why} Do not assume it ran.`);
      }
      await untilIdle(deps, sessionId, waitSignal);
    }
  } catch (error) {
    if (signal.aborted) {
      emit({ ...step, state: 'stopped' });
      throw error;
    }
    emit({ ...step, state: 'skipped', note: 'Not run: no terminal was ready for it.' });
    return notStartedResult(step, 'No terminal was ready to run it (the pane for it did not open or reach a prompt).');
  }
  const openedIn = deps.port.state(sessionId)?.cwd ?? null;
  if (target.kind === 'new-pane' && target.cwd !== null && openedIn !== null && openedIn !== target.cwd) {
    // The directory is gone or could not be entered: the line was read for another one.
    emit({ ...step, state: 'skipped', note: `Not run: the new terminal opened in ${openedIn}, not in ${target.cwd}.` });
    return notStartedResult(step, `Not run: the terminal for it opened in ${openedIn} instead of ${target.cwd}.`);
  }
  step = emit({ ...step, state: 'running', target: target.kind, sessionId, cwd: deps.port.state(sessionId)?.cwd ?? target.cwd });
  const now = deps.now ?? Date.now;
  deps.decisions.inUse.add(sessionId); // claimed in the same tick it was found idle: no await between
  const outcome = await runInTerminal({
    port: deps.port,
    sessionId,
    command: step.command,
    handOverMs: run.settings.handOverSeconds * 1000,
    signal,
    onStarted: (record) => {
      step = emit({ ...step, commandId: record.id, cwd: record.cwd ?? step.cwd });
    },
    onWaiting: (reason) => {
      step = emit({ ...step, waiting: reason });
    },
    now,
  }).finally(() => deps.decisions.inUse.delete(sessionId));
  if (outcome.kind === 'not-started') {
    emit({ ...step, state: 'skipped', note: 'No record of it started: check the terminal, it may not have run or may have run unrecorded.' });
    return notStartedResult(
      step,
      'No record of the command started within 10 s: the shell may not have been at a prompt, or it ran without a record. Do not assume either; ask the user before proposing it again.',
    );
  }
  const record = outcome.record;
  step = emit({
    ...step,
    state: outcome.kind === 'ended' ? 'done' : 'stopped',
    commandId: record?.id ?? step.commandId,
    exitCode: outcome.kind === 'ended' ? record?.exitCode ?? null : null,
    durationMs: record && record.endedAt !== null ? record.endedAt - record.startedAt : null,
  });
  if (outcome.kind === 'stopped') throw new DomainError('failed', 'Stopped by the user.');
  return ranResult(step, deps.record);
};
