// SPDX-License-Identifier: MIT
import { basename } from 'node:path';
import type { AgentSettings } from '../../shared/settings/registry';
import type { AgentDeps } from '../agent/run/agent-deps';
import type { ConfirmationService } from '../agent/invocation/confirmation';
import { AssistantTerminals, type OpenTerminal } from '../agent/run/assistant-terminal';
import { StepDecisions } from '../agent/run/step-decisions';
import type { TerminalPort, TerminalState } from '../agent/run/terminal-port';
import { classifyCommand } from '../agent/risk/classify';
import { toolResultJson } from '../context/request/get-commands-tool';
import type { ContextEngine } from '../context/context-engine';
import { agentHandlers, type RunningSteps } from '../ipc/agent-handlers';
import type { PtyManager } from '../pty/pty-manager';
import type { Recorder } from '../recorder/recorder';
import type { Store } from '../store/store';

export interface AgentWiringDeps {
  readonly ptys: PtyManager;
  readonly recorder: Recorder;
  /** The terminal each one was opened from (terminal-launcher.ts): a step's private pane must be one opened beside its terminal. */
  readonly originOf?: (id: string) => string | undefined;
  readonly store: Store;
  readonly engine: ContextEngine;
  readonly settings: { readonly current: { readonly agent: AgentSettings } };
  /** Opens a terminal for a step in main and shows it in every window (compose-core.ts). */
  readonly openTerminal: OpenTerminal;
  /** The one confirmation service, shared with the MCP tools (compose-core.ts). */
  readonly confirmations: ConfirmationService;
}

/** Input that is not typing: focus reports and the replies xterm sends to a program's queries. */
const NOT_TYPING = /^(?:\x1b\[[IO]|\x1b\[[?>]?[\d;]*[cRn])+$/;
/** Input that leaves the line empty: Enter submits it, Ctrl+C abandons it, Ctrl+U erases it. */
const ENDS_LINE = /[\r\n\x03\x15]$/;

/**
 * The terminals where something was typed since their last command ended: a half-typed line the
 * assistant must not type after (nor clear, which moved it to the kill ring and broke vi mode).
 * Conservative: a line typed and erased with Backspace still counts until Enter, Ctrl+C or Ctrl+U.
 */
const lineTyping = (ptys: PtyManager, recorder: Recorder): ReadonlySet<string> => {
  const typed = new Set<string>();
  ptys.observe({
    bytes: (id, direction, bytes) => {
      if (direction !== 0) return;
      const text = bytes.toString('latin1');
      if (ENDS_LINE.test(text)) typed.delete(id);
      else if (!NOT_TYPING.test(text)) typed.add(id);
    },
    closed: (id) => typed.delete(id),
  });
  recorder.on('command', (record) => {
    if (record.endedAt !== null) typed.delete(record.sessionId);
  });
  return typed;
};

/**
 * The run_command tool's view of the live terminals: a terminal is idle when its shell waits at a
 * prompt we can see (shell integration), nothing of ours runs there, no other program holds its
 * foreground (ssh, a pager, a REPL) and it records, so the command gets a record to answer from.
 */
const terminalPort = ({ ptys, recorder, originOf }: Pick<AgentWiringDeps, 'ptys' | 'recorder' | 'originOf'>): TerminalPort => {
  const typed = lineTyping(ptys, recorder);
  const state = (id: string): TerminalState | undefined => {
    const pty = ptys.get(id);
    if (!pty || pty.exit) return undefined;
    const live = recorder.live(id);
    const cwd = live?.cwd ?? pty.cwd;
    const atShell = () => pty.foregroundProcess() === basename(pty.shell);
    // Never idle (nothing there is recorded), but a step's private pane runs its command at a prompt.
    if (recorder.recording(id) === 'private') {
      const from = originOf?.(id);
      return {
        idle: false,
        busy: 'private',
        cwd,
        private: true,
        atPrompt: recorder.atPrompt(id) && atShell(),
        ...(from !== undefined ? { openedFrom: from } : {}),
      };
    }
    const busy =
      recorder.recording(id) !== 'on'
        ? 'not recorded'
        : live?.mode !== 'integrated'
          ? 'no shell integration yet'
          : recorder.runningCommand(id)
            ? 'a command runs'
            : !atShell()
              ? `${pty.foregroundProcess()} holds the terminal`
              : typed.has(id)
                ? 'a line is typed at its prompt'
                : null;
    return { idle: busy === null, busy, cwd };
  };
  return {
    state,
    type: (id, data) => ptys.write(id, data),
    expectAssistantCommand: (id) => {
      recorder.expectAssistantCommand(id);
      return () => recorder.forgetAssistantCommand(id);
    },
    // Before it runs, the terminal's rules are not in play: a leading space or a pattern is enough to refuse.
    excludedFromHistory: (line) => recorder.exclusion.excludes({ forms: [line], rules: null, previous: null }) !== null,
    readsSecretInput: (id) => ptys.get(id)?.readsSecretInput() ?? false,
    foreground: (id) => ptys.get(id)?.foregroundProcess(),
    onCommand: (listener) => recorder.on('command', listener),
    onOutput: (listener) => ptys.observe({ bytes: (id, direction, bytes) => direction === 1 && listener(id, bytes) }),
  };
};

/**
 * The assistant's hands: the run_command tool's dependencies over the live terminals (it follows
 * the recorder's commands by subscribing to them) and its handlers (agent:decide, agent:pane), given
 * the assistant's running steps once the assistant exists.
 */
export const wireAgent = (deps: AgentWiringDeps) => {
  const decisions = new StepDecisions();
  const port = terminalPort(deps);
  const agent: AgentDeps = {
    port,
    decisions,
    confirmations: deps.confirmations,
    terminals: new AssistantTerminals(port, deps.openTerminal),
    settings: () => deps.settings.current.agent,
    // The record as get_commands gives it (budgeted, redacted), once the writer has stored its end.
    record: async (commandId) => {
      await deps.store.flush();
      const result = JSON.parse(toolResultJson(await deps.engine.getCommands([commandId]))) as { commands: Record<string, unknown>[] };
      return result.commands[0] ?? null;
    },
    classify: classifyCommand,
  };
  return {
    agent,
    handlers: (runningSteps: RunningSteps) => agentHandlers(decisions, runningSteps),
  };
};
