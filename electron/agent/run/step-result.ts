// SPDX-License-Identifier: MIT
import type { AgentStepView } from '../../../shared/ipc/agent';

/**
 * The record's fields as get_commands gives them to the model (command line, cwd, exit code,
 * started_at, full_output within the budget and redacted, sizes), or null when there is none.
 */
export type RecordFields = (commandId: string) => Promise<Record<string, unknown> | null>;

const editedFields = (step: AgentStepView) =>
  step.command === step.proposed ? {} : { edited_by_user: true, you_proposed: step.proposed, ran_instead: step.command };

const waitingFields = (step: AgentStepView) =>
  step.waiting === null
    ? {}
    : { handed_to_user: step.waiting, note: 'The command needed the user, who finished it in the terminal; the output is what they saw.' };

/** The tool result when the command ran: built from its record, never from the screen. */
export const ranResult = async (step: AgentStepView, fields: RecordFields): Promise<string> => {
  const record = step.commandId === null ? null : await fields(step.commandId);
  return JSON.stringify({
    status: step.state === 'stopped' ? 'stopped by the user' : 'ran',
    ...editedFields(step),
    ...waitingFields(step),
    ...(step.durationMs === null ? {} : { duration_ms: step.durationMs }),
    ...(record ?? {
      command_line: step.command,
      exit_code: step.exitCode,
      note: 'The command left no record (recording is paused or excludes it).',
    }),
  });
};

export const declinedResult = (step: AgentStepView): string =>
  JSON.stringify({
    status: 'declined',
    command_line: step.command,
    note: 'The user chose not to run this command. It did not run. Do not propose it again unchanged; ask, or suggest another way.',
  });

export const notStartedResult = (step: AgentStepView, why: string): string =>
  JSON.stringify({ status: 'not run', command_line: step.command, note: why });

export const stepLimitResult = (limit: number): string =>
  JSON.stringify({
    status: 'not run',
    note: `Step limit reached: at most ${limit} commands per answer. Answer the user now with what you have found.`,
  });

export const deniedByRuleResult = (step: AgentStepView, rule: string): string =>
  JSON.stringify({
    status: 'not run',
    command_line: step.command,
    note: `The user's rule "${rule}" refuses this command, so it was not run and will not be. Do not propose it again; find another way or ask the user.`,
  });
