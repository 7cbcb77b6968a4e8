// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { ModelRef } from './assistant';
import { invoke } from './define';

/** Made by the client (a UUID), so closing the box can cancel a request that has not answered yet. */
const InlineRequestId = z.string().regex(/^[A-Za-z0-9-]{8,128}$/, 'letters, digits and dashes');

const Words = z
  .string()
  .min(1)
  .max(2000)
  .refine((words) => words.trim() !== '', 'the request is empty');

export const InlineAskRequest = z.strictObject({
  requestId: InlineRequestId,
  /** The terminal's session: its working directory, shell and last commands go with the words. */
  sessionId: z.string().min(1).max(128),
  /**
   * The terminal's shell as the renderer knows it, used only when the store has no such session (a
   * private terminal is never stored, and neither its directory nor its commands are sent).
   */
  shell: z.string().max(200).optional(),
  words: Words,
  model: ModelRef,
  /** The exchange being refined (a second Ctrl+I): what was asked and the command it gave. */
  previous: z.strictObject({ words: Words, command: z.string().min(1).max(20_000) }).optional(),
});
export type InlineAskRequest = z.infer<typeof InlineAskRequest>;

export const inlineAskChannels = {
  /**
   * One shell command from words, for the terminal the box is over; inserted at its prompt by the
   * renderer, never run. A model that answers with no command is a `failed` error with a plain message.
   */
  'assistant:inline-ask': invoke(InlineAskRequest, z.object({ command: z.string() })),
  /** Stops a pending inline-ask (the box was closed); its invoke then fails as cancelled. */
  'assistant:inline-cancel': invoke(z.strictObject({ requestId: InlineRequestId }), z.object({ cancelled: z.boolean() })),
} as const;
