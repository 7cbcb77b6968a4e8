// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { wholeNumber } from './fields';

/**
 * "Notice when work finishes": a command that ran at least `minSeconds` and ends in a terminal the
 * user is not looking at marks its tab (✓ / ✗); if the window is in the background it also raises
 * a notification (desktop: the system's, through main; browser mode: the page's, once allowed).
 */
export const NotificationSettings = z.strictObject({
  /** Off: no tab marks and no notifications. */
  enabled: z.boolean(),
  /** Commands shorter than this (wall-clock, start to end) are not worth a notice. */
  minSeconds: wholeNumber(1, 86_400, 'seconds'),
  /** Also notify while the window is in front, when the command ended in another tab. */
  whenFocused: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const DEFAULT_NOTIFICATIONS: NotificationSettings = { enabled: true, minSeconds: 10, whenFocused: false };

/** Longest title and body handed to the OS notification service. */
export const MAX_NOTE_TITLE = 200;
export const MAX_NOTE_BODY = 1000;

/**
 * A desktop notification the renderer asks main to show (`app:notify`). `tag` says which command
 * it is about (its `{sessionId}:{seq}` id): windows that both ask for one command show it once,
 * and a click comes back as `app:notification-clicked` with the same tag.
 */
export const NoteRequest = z.strictObject({
  title: z.string().min(1).max(MAX_NOTE_TITLE),
  body: z.string().max(MAX_NOTE_BODY),
  tag: z.string().min(1).max(200),
});
export type NoteRequest = z.infer<typeof NoteRequest>;
