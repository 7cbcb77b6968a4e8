// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { SegmentationMode } from '../domain/segmentation';
import { invoke } from './define';

export const SessionInfo = z.object({
  id: z.string(),
  shell: z.string(),
  hostname: z.string(),
  cwd: z.string(),
  title: z.string(),
  mode: SegmentationMode,
  startedAt: z.number(),
  endedAt: z.number().nullable(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

/** Longest line the menu asks about (a 10,000-character line is answered, the rest refused). */
export const MAX_COMPLETION_LINE = 10_000;
/** The most items one answer carries: more than a menu shows, few enough to send per Ctrl+Space. */
export const MAX_COMPLETION_ITEMS = 500;

const CompletionKind = z.enum(['program', 'subcommand', 'option', 'argument', 'folder', 'file', 'history']);

export const CompletionItem = z.object({
  /** What the item inserts in place of the word being typed. */
  text: z.string().min(1).max(4096),
  kind: CompletionKind,
  description: z.string().max(500).optional(),
});
export type CompletionItem = z.infer<typeof CompletionItem>;

export const CompletionRequest = z.strictObject({
  /** The terminal (its pty id): main knows its directory and whether it is in a remote shell. */
  terminalId: z.string().min(1).max(128),
  /** What is typed at the prompt, from the prompt's end to the cursor. */
  line: z.string().max(MAX_COMPLETION_LINE),
});
export type CompletionRequest = z.infer<typeof CompletionRequest>;

export const CompletionAnswer = z.object({
  items: z.array(CompletionItem).max(MAX_COMPLETION_ITEMS),
  /** The word being typed, as main split the line: what an item replaces (empty after a space). */
  word: z.string(),
  /** Why the list is empty when it is not for want of matches: a remote shell, an unknown terminal. */
  unavailable: z.enum(['remote', 'no-terminal']).optional(),
});
export type CompletionAnswer = z.infer<typeof CompletionAnswer>;

const completionChannels = {
  /**
   * Ctrl+Space's menu: subcommands and options of the program being typed (its Fig spec, loaded
   * when first asked for), files and folders of the terminal's directory, and the user's own past
   * arguments for that program. Local shells only; nothing is run to answer it.
   */
  'completion:list': invoke(CompletionRequest, CompletionAnswer),
} as const;

export const sessionChannels = {
  /** Active sessions and those that ended within `endedWithinMs` (default: all recorded). */
  'session:list': invoke(z.strictObject({ endedWithinMs: z.number().int().min(0).optional() }), z.array(SessionInfo)),
  'session:get': invoke(z.strictObject({ id: z.string().min(1).max(128) }), SessionInfo),
  ...completionChannels,
} as const;
