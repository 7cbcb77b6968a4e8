// SPDX-License-Identifier: MIT
import type { ToolCall, ToolDefinition } from './types';

export interface AssistantTool extends ToolDefinition {
  /**
   * Receives the parsed arguments object; the loop has already rejected anything else. `call` is
   * the model's call, whose id a step is known by.
   */
  execute(args: Record<string, unknown>, signal: AbortSignal, call?: ToolCall): Promise<string>;
  /** One line for the conversation view; defaults to the result's size and first line. */
  summarize?(result: string, args: Record<string, unknown>): string;
}

export interface ToolOutcome {
  /** What the model receives as the tool result. */
  readonly content: string;
  readonly summary: string;
  readonly isError: boolean;
}

export const CANCELLED_RESULT: ToolOutcome = { content: 'Error: cancelled by the user.', summary: 'cancelled', isError: true };

const MAX_SUMMARY = 160;

const defaultSummary = (result: string): string => {
  const size = result.length < 1024 ? `${result.length} chars` : `${(result.length / 1024).toFixed(1)} KB`;
  const first = result.split('\n', 1)[0]?.trim() ?? '';
  const line = first.length > 100 ? `${first.slice(0, 100)}…` : first;
  return line === '' ? size : `${size}: ${line}`;
};

const failure = (message: string): ToolOutcome => ({ content: `Error: ${message}`, summary: message.slice(0, MAX_SUMMARY), isError: true });

/**
 * Runs one requested call. Whatever goes wrong (unknown tool, arguments that are not a JSON
 * object, the tool throwing) becomes an error result the model can read and correct, never an
 * exception that would end the turn.
 */
export const executeToolCall = async (tool: AssistantTool | undefined, call: ToolCall, signal: AbortSignal): Promise<ToolOutcome> => {
  if (!tool) return failure(`there is no tool named "${call.name.slice(0, 64)}".`);
  let args: unknown;
  try {
    args = JSON.parse(call.arguments);
  } catch (error) {
    return failure(`the arguments are not valid JSON (${(error as Error).message}); send a JSON object matching the schema.`);
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return failure('the arguments must be a JSON object matching the schema.');
  }
  const parsed = args as Record<string, unknown>;
  try {
    const result = await tool.execute(parsed, signal, call);
    if (signal.aborted) return CANCELLED_RESULT;
    const summary = (tool.summarize ? tool.summarize(result, parsed) : defaultSummary(result)).slice(0, MAX_SUMMARY);
    return { content: result, summary, isError: false };
  } catch (error) {
    if (signal.aborted) return CANCELLED_RESULT;
    return failure(`${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
};
