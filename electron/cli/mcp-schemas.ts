// SPDX-License-Identifier: MIT
import { z } from 'zod';

/**
 * What each MCP tool answers, declared as its `outputSchema`: the SDK checks every answer's
 * `structuredContent` against it before sending, and clients check it again on receipt (the SDK's
 * client does), so a field added to an answer must be added here too.
 */

const count = z.number().int().min(0);
/** Set when items were left out to keep the answer within its size, with how to get them. */
const leftOut = { omitted_for_size: count.optional(), note: z.string().optional() };

export const ListedCommand = z.object({
  command_id: z.string(),
  session_id: z.string(),
  command_line: z.string().nullable(),
  cwd: z.string().nullable(),
  host: z.string().nullable(),
  exit_code: z.number().int().nullable(),
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

export const FetchedCommand = z.object({
  command_id: z.string(),
  session_id: z.string(),
  command_line: z.string().nullable(),
  cwd: z.string().nullable(),
  host: z.string().nullable(),
  exit_code: z.number().int().nullable(),
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
