// SPDX-License-Identifier: MIT
import { randomUUID } from 'node:crypto';
import type { AgentStepView } from '../../../shared/ipc/agent';
import type { AssistantTool } from '../../llm/tool-execution';
import { Invocation } from '../invocation/invocation';
import { shownState } from '../invocation/invocation-state';
import { chooseTarget, type AgentDeps, type AgentTurnContext, type LiveStep } from './agent-deps';
import { parseRunArgs, RUN_COMMAND_TOOL } from './run-command-args';
import { runStep, unrunnable } from './run-step';
import { notStartedResult, stepLimitResult } from './step-result';

/**
 * The run_command tool for one answer. Each call becomes a step the conversation shows, keyed by
 * the model's tool-call id; the step limit counts calls, so a model that keeps proposing is told
 * to answer instead. `views` holds every step's last state, stored with the answer.
 */
export class AgentTurn {
  readonly views = new Map<string, AgentStepView>();
  private _calls = 0;

  constructor(
    private readonly _deps: AgentDeps,
    private readonly _context: AgentTurnContext,
  ) {}

  get tool(): AssistantTool {
    return {
      ...RUN_COMMAND_TOOL,
      execute: (args, signal, callId) => this._execute(args, signal, callId),
      summarize: (_result, args) => String(args['command'] ?? '').slice(0, 120),
    };
  }

  /** Every change of a step goes out whole, its shown state following its phase. */
  private _emit(step: LiveStep): LiveStep {
    const shown = { ...step, state: shownState(step.phase) };
    this.views.set(shown.id, shown);
    this._context.emit(shown);
    return shown;
  }

  /**
   * The model's tool-call id, which decisions name the step by. A provider that sends none (some
   * OpenAI-compatible servers) or repeats one a live step of this process holds gets a unique one.
   */
  private _idFor(callId: string | undefined): string {
    const id = callId && callId.length <= 200 ? callId : randomUUID();
    return this.views.has(id) || this._deps.decisions.holds(id) ? `${id}#${randomUUID().slice(0, 8)}` : id;
  }

  private async _execute(args: Record<string, unknown>, signal: AbortSignal, callId?: string): Promise<string> {
    const { command, reason } = parseRunArgs(args);
    const settings = this._deps.settings();
    const { risk, reasons } = await this._deps.classify(command);
    // Typed at the prompt, a line bash cannot read leaves the shell waiting for the rest, and the
    // user's next keys would complete it: the model must send a complete line.
    if (risk === 'unparsed')
      throw new Error(`${reasons[0] ?? 'the command could not be read'}; send one complete command line that bash can read`);
    // Fixed now, at the proposal: the terminal the question was asked from if it waits at an idle
    // prompt with nothing typed, else a pane beside it. A later switch of tabs does not move it.
    const target = chooseTarget(this._deps.port, this._context.activeSessionId, this._deps.decisions.inUse);
    const id = this._idFor(callId);
    const step: LiveStep = {
      id,
      toolCallId: callId ?? id,
      phase: 'proposed',
      command,
      proposed: command,
      reason,
      risk,
      warnings: [...reasons],
      state: 'proposed',
      waiting: null,
      autoRun: false,
      sessionId: target.kind === 'active' ? target.sessionId : null,
      cwd: target.cwd,
      target: target.kind,
      commandId: null,
      exitCode: null,
      durationMs: null,
      note: null,
      proposedAt: Date.now(),
    };
    const refusal =
      ++this._calls > settings.maxSteps
        ? {
            note: `Not run: one answer may run at most ${settings.maxSteps} commands (Settings → Assistant actions).`,
            result: stepLimitResult(settings.maxSteps),
          }
        : unrunnable(this._deps, command) === null
          ? null
          : {
              note: `Not run: ${unrunnable(this._deps, command)}`,
              result: notStartedResult(
                step,
                "It matches the user's history exclusions, so it would leave no record and was not run. Ask the user to run it themselves if it is needed.",
              ),
            };
    if (refusal !== null) {
      new Invocation(step, (s) => this._emit(s)).to('failed', { note: refusal.note });
      return refusal.result;
    }
    const confirmation = await this._deps.confirmations.decide({
      conversationId: this._context.conversationId,
      tool: RUN_COMMAND_TOOL.name,
      command,
      risk,
    });
    const call = new Invocation<LiveStep>({ ...step, autoRun: confirmation.kind === 'allow' }, (s) => this._emit(s));
    return runStep({ deps: this._deps, context: this._context, call, confirmation, signal, settings });
  }
}
