// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { event, invoke } from './define';

/**
 * A command the assistant proposed with its run_command tool, as the conversation shows it. It
 * runs nothing until the user chooses Run (or the allow-list lets a read-only one run); then it
 * follows the command's record: running, handed over to the user when it needs them, done with the
 * exit code, or stopped.
 */
export const AgentStepState = z.enum(['proposed', 'running', 'done', 'skipped', 'stopped']);
export type AgentStepState = z.infer<typeof AgentStepState>;

/**
 * Where a tool call is in its life (electron/agent/invocation/invocation-state.ts holds the legal
 * moves); `state` is what a window shows of it.
 */
export const InvocationPhase = z.enum([
  'proposed',
  'approved',
  'denied',
  'waiting-for-terminal',
  'running',
  'handed-over',
  'done',
  'failed',
  'stopped',
]);
export type InvocationPhase = z.infer<typeof InvocationPhase>;

export const CommandRiskLevel = z.enum(['destructive', 'read-only', 'other', 'unparsed']);
export type CommandRiskLevel = z.infer<typeof CommandRiskLevel>;

export const AgentStepView = z.object({
  /** The step's id: the model's tool-call id (suffixed only if another live step already holds it). */
  id: z.string(),
  /** The model's tool-call id exactly as the provider sent it. Absent on steps stored before it was kept. */
  toolCallId: z.string().optional(),
  /** Where the call is in its life (absent on steps stored before it was kept). */
  phase: InvocationPhase.optional(),
  /** What runs (or ran): the model's command, or the user's edit of it. */
  command: z.string(),
  /** As the model proposed it; differs from `command` once the user edited it. */
  proposed: z.string(),
  reason: z.string().nullable(),
  risk: CommandRiskLevel,
  /** Plain sentences for a destructive command ("deletes recursively: rm -rf build"). */
  warnings: z.array(z.string()),
  /** What a window shows: follows `phase`. */
  state: AgentStepState,
  /** Why the command was handed to the user ("a full-screen program"); null when it was not. */
  waiting: z.string().nullable(),
  /** Ran without asking (read-only, on the allow-list). */
  autoRun: z.boolean(),
  /** Where it runs: the terminal (session) and directory; null until known. */
  sessionId: z.string().nullable(),
  cwd: z.string().nullable(),
  /**
   * Where it runs, fixed when it was proposed: the terminal the question was asked from (`active`,
   * then `sessionId` names it), or the conversation's own assistant terminal (`new-pane`).
   */
  target: z.enum(['active', 'new-pane']).nullable(),
  commandId: z.string().nullable(),
  exitCode: z.number().int().nullable(),
  durationMs: z.number().nullable(),
  /** Something the user should know about this step (e.g. the step limit was reached). */
  note: z.string().nullable(),
  /**
   * When main proposed it (epoch ms): "Waiting for your decision · N s" counts from here, so a
   * reloaded page does not start again from 0.
   */
  proposedAt: z.number().optional(),
});
export type AgentStepView = z.infer<typeof AgentStepView>;

const StepId = z.string().min(1).max(200);

export const agentChannels = {
  /** A step appeared or changed; the last event for a step id is its state. */
  'agent:step': event(z.object({ turnId: z.string(), conversationId: z.string(), step: AgentStepView })),
  /**
   * The user's choice for a proposed step. `command` is set when they edited it; `remember` says
   * "allow this exact command again" in this conversation (a destructive one still asks). The
   * window only forwards it: the terminal was fixed when the step was proposed, and main opens any
   * terminal it needs. Answered once the step took the decision; an edit that cannot run is refused.
   */
  'agent:decide': invoke(
    z.strictObject({
      stepId: StepId,
      decision: z.enum(['run', 'skip']),
      command: z.string().min(1).max(8000).optional(),
      remember: z.boolean().optional(),
    }),
    z.object({ decided: z.boolean() }),
  ),
  /**
   * The steps of the answer running now in a conversation: a window that reloads (or opens later)
   * shows a proposed command's buttons again instead of leaving the answer waiting unseen.
   */
  'agent:steps': invoke(
    z.strictObject({ conversationId: z.string().min(1).max(128) }),
    z.object({ turnId: z.string().nullable(), steps: z.array(AgentStepView) }),
  ),
} as const;
