// SPDX-License-Identifier: MIT
import type { Redactor } from '../../context/redaction';
import { DEFAULT_GET_COMMANDS_OPTIONS } from '../../context/request/get-commands-tool';

/** Per call, the bound get_commands puts on one command's output. */
const MAX_RESULT_CHARS = DEFAULT_GET_COMMANDS_OPTIONS.maxCharsPerCommand;

interface ContentPart {
  readonly type?: unknown;
  readonly text?: unknown;
  readonly uri?: unknown;
  readonly resource?: { readonly uri?: unknown; readonly text?: unknown };
}

const partText = (part: ContentPart): string => {
  if (part.type === 'text' && typeof part.text === 'string') return part.text;
  if (part.type === 'resource' && typeof part.resource?.text === 'string') return part.resource.text;
  if (part.type === 'resource_link') return `[resource link ${String(part.uri ?? '')}]`;
  if (part.type === 'resource') return `[resource ${String(part.resource?.uri ?? '')}]`;
  // Images and audio are not sent on: the providers' tool results here carry text.
  return `[${typeof part.type === 'string' ? part.type : 'content'} left out]`;
};

/** A tools/call result as one text: its text parts, else its structured content as JSON. */
export const resultText = (result: unknown): { text: string; isError: boolean } => {
  const value = (result ?? {}) as { content?: unknown; structuredContent?: unknown; isError?: unknown; toolResult?: unknown };
  const parts = Array.isArray(value.content) ? (value.content as ContentPart[]) : [];
  let text = parts.map(partText).join('\n');
  if (text.trim() === '' && value.structuredContent !== undefined) text = JSON.stringify(value.structuredContent);
  if (text.trim() === '' && value.toolResult !== undefined) text = JSON.stringify(value.toolResult);
  return { text, isError: value.isError === true };
};

/**
 * What the model gets back: the whole text redacted first (so a cut never leaves half a secret
 * unrecognised), then cut to the budget, saying so, as get_commands does for an output.
 */
export const outwardResult = (
  text: string,
  redactor: Redactor,
  maxChars = MAX_RESULT_CHARS,
): { text: string; cut: boolean; redactions: number } => {
  const redacted = redactor.redact(text);
  const redactions = Object.values(redacted.counts).reduce((a, b) => a + b, 0);
  if (redacted.text.length <= maxChars) return { text: redacted.text, cut: false, redactions };
  const omitted = redacted.text.length - maxChars;
  return {
    text: `${redacted.text.slice(0, maxChars)}\n[… ${omitted} more characters cut: the result was longer than ${maxChars} characters]`,
    cut: true,
    redactions,
  };
};
