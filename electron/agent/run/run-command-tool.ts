// SPDX-License-Identifier: MIT
import { randomUUID } from 'node:crypto';
import type { AgentStepView } from '../../../shared/ipc/agent';
import type { AssistantTool } from '../../llm/tool-execution';
import { chooseTarget, type AgentDeps, type AgentTurnContext } from './agent-deps';
import { parseRunArgs, RUN_COMMAND_TOOL } from './run-command-args';
import { runStep, unrunnable } from './run-step';
import { notStartedResult, stepLimitResult } from './step-result';

/**
 * The run_command tool for one answer. Each call becomes a step the conversation shows; the step
 * limit counts calls, so a model that keeps proposing is told to answer instead. `views` holds
 * every step's last state, stored with the answer.
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
      execute: (args, signal) => this._execute(args, signal),
      summarize: (_result, args) => String(args['command'] ?? '').slice(0, 120),
    };
  }

  private _emit(step: AgentStepView): AgentStepView {
    this.views.set(step.id, step);
    this._context.emit(step);
    return step;
  }

  private async _execute(args: Record<string, unknown>, signal: AbortSignal): Promise<string> {
    const { command, reason } = parseRunArgs(args);
    const settings = this._deps.settings();
    const { risk, reasons } = await this._deps.classify(command);
    // Typed at the prompt, a line bash cannot read leaves the shell waiting for the rest, and the
    // user's next keys would complete it: the model must send a complete line.
    if (risk === 'unparsed') throw new Error(`${reasons[0] ?? 'the command could not be read'}; send one complete command line that bash can read`);
    const target = chooseTarget(this._deps.port, this._context.activeSessionId, this._deps.decisions.inUse);
    const step: AgentStepView = {
      id: randomUUID(),
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
    if (++this._calls > settings.maxSteps) {
      this._emit({ ...step, state: 'skipped', note: `Not run: one answer may run at most ${settings.maxSteps} commands (Settings → Assistant actions).` });
      return stepLimitResult(settings.maxSteps);
    }
    const refused = unrunnable(this._deps, command);
    if (refused !== null) {
      const view = this._emit({ ...step, state: 'skipped', note: `Not run: ${refused}` });
      return notStartedResult(view, "It matches the user's history exclusions, so it would leave no record and was not run. Ask the user to run it themselves if it is needed.");
    }
    // Never for a destructive command, whatever the list says (mayRunUnasked refuses them too).
    const autoRun = settings.autoRunReadOnly && risk !== 'destructive' && (await this._deps.mayRunUnasked(command, settings.autoRunCommands));
    return runStep({ deps: this._deps, context: this._context, emit: (s) => this._emit(s), step: { ...step, autoRun }, signal, settings });
  }
}
