// SPDX-License-Identifier: MIT
import { z } from 'zod';

/**
 * The most one MCP answer may weigh, counted as the client receives it: the whole tool result
 * serialized, `{"content":[{"type":"text","text":"…"}],"structuredContent":{…}}`. Both copies
 * travel (clients differ in which one they hand the model: Claude Code gives it the structured one,
 * others the text), so both are counted, and JSON escaping counts twice in the text copy. Claude
 * Code refuses a tool result much above this ("Output too large"); counting before escaping let
 * 120,000 characters of text become 132,534.
 */
export const MAX_ANSWER_CHARS = 80_000;

interface TextPart {
  readonly type: 'text';
  readonly text: string;
}

/** A tool's answer: the JSON as text for clients that read only text, and the same value typed. */
export interface ToolAnswer {
  readonly content: TextPart[];
  readonly structuredContent: Record<string, unknown>;
  readonly [key: string]: unknown;
}

export const toolAnswer = (value: Record<string, unknown>): ToolAnswer => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: value,
});

/** The answer's size as it travels, both copies. */
export const answerSize = (value: Record<string, unknown>): number => JSON.stringify(toolAnswer(value)).length;

/** The size of a plain-text answer (a resource), which travels once. */
const textAnswerSize = (text: string): number => JSON.stringify({ content: [{ type: 'text', text }] }).length;

/**
 * `{[key]: items, ...extra}`, dropping items from the end until the serialized answer fits, and
 * saying how many were left out and how to get them (`hint`). `reserve` keeps room for fields the
 * caller adds once it knows how many items fit.
 */
export const cappedList = (
  key: string,
  items: readonly unknown[],
  hint: string,
  extra: Record<string, unknown> = {},
  reserve = 0,
): Record<string, unknown> => {
  let kept = items.length;
  for (;;) {
    const omitted = items.length - kept;
    const value = { [key]: items.slice(0, kept), ...extra, ...(omitted > 0 ? { omitted_for_size: omitted, note: hint } : {}) };
    const size = answerSize(value);
    if (size <= MAX_ANSWER_CHARS - reserve || kept === 0) return value;
    kept = Math.max(0, Math.min(kept - 1, Math.floor((kept * (MAX_ANSWER_CHARS - reserve)) / size)));
  }
};

/**
 * Plain text kept to its end (the newest part), cut at the front until the serialized answer fits:
 * escaping varies along the text, so the cut is searched for, not computed.
 */
export const fittedTail = (text: string, marker = '…\n'): string => {
  const fitsText = (candidate: string) => textAnswerSize(candidate) <= MAX_ANSWER_CHARS;
  if (fitsText(text)) return text;
  let low = 0; // too much kept
  let high = text.length; // fits (nothing kept)
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fitsText(`${marker}${text.slice(mid)}`)) high = mid;
    else low = mid;
  }
  return `${marker}${text.slice(high)}`;
};

/**
 * What each MCP tool answers, declared as its `outputSchema`: the SDK checks every answer's
 * `structuredContent` against it before sending, and clients check it again on receipt (the SDK's
 * client does), so a field added to an answer must be added here too.
 */

const count = z.number().int().min(0);
/** Set when items were left out to keep the answer within its size, with how to get them. */
const leftOut = { omitted_for_size: count.optional(), note: z.string().optional() };

/** What names a command and where it ran, the same in a listed and a fetched command. */
const commandIdentity = {
  command_id: z.string(),
  session_id: z.string(),
  command_line: z.string().nullable(),
  cwd: z.string().nullable(),
  host: z.string().nullable(),
  exit_code: z.number().int().nullable(),
};

export const ListedCommand = z.object({
  ...commandIdentity,
  interrupted: z.boolean().optional(),
  ran_by: z.enum(['user', 'assistant']),
  started_at: z.string().describe('ISO 8601, UTC'),
  duration_ms: z.number().int().nullable().describe('null while it runs'),
  output_summary: z.string().describe('the start and end of the output, redacted'),
});
export type ListedCommand = z.infer<typeof ListedCommand>;

export const SearchOutput = z.object({
  commands: z.array(ListedCommand),
  total: count.describe('records that match in all'),
  total_exact: z.boolean().describe('false when total is a lower bound'),
  offset: count,
  next_offset: count.nullable().describe('pass as offset for the next page; null when there is none'),
  ...leftOut,
});

export const RecentOutput = z.object({ commands: z.array(ListedCommand), ...leftOut });

export const SessionsOutput = z.object({
  sessions: z.array(
    z.object({
      session_id: z.string(),
      title: z.string().nullable(),
      shell: z.string().nullable(),
      hostname: z.string().nullable(),
      cwd: z.string().nullable(),
      started_at: z.string(),
      ended_at: z.string().nullable().describe('null while the session is open'),
    }),
  ),
  ...leftOut,
});

const FetchedCommand = z.object({
  ...commandIdentity,
  started_at: z.string(),
  full_output: z.string().describe('clean output, redacted; long output keeps its beginning and end'),
  omitted_lines: count.optional(),
  omitted_chars: count.optional(),
  total_lines: count.optional(),
  total_lines_at_least: count.optional(),
  total_bytes: count.optional(),
});

export const GetCommandsOutput = z.object({
  commands: z.array(FetchedCommand),
  unknown_ids: z.array(z.string()).optional(),
  omitted_ids: z.array(z.string()).optional().describe('known ids that did not fit: ask for them in another call'),
  note: z.string().optional(),
});

export const OutputPage = z.object({
  command_id: z.string(),
  offset_line: count.describe('the index of the first line given, from 0'),
  lines: z.array(z.string()),
  total_lines: count,
  next_offset_line: count.nullable().describe('pass as offset_line for the next page; null at the end'),
  cut_line: z.object({ line: count, omitted_chars: count }).optional().describe('a line too long for one answer, cut at its end'),
  note: z.string().optional(),
});
export type OutputPage = z.infer<typeof OutputPage>;
