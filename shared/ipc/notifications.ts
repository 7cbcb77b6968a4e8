// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { DEFAULT_SETTINGS } from '../settings/registry';

/** "Notice when work finishes" is a setting, defined with the others (shared/settings/command-entries.ts). */
export { NotificationSettings } from '../settings/registry';

/** The registry's defaults for the section (renderer/notify uses them until settings load). */
export const DEFAULT_NOTIFICATIONS = DEFAULT_SETTINGS.notifications;

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
