// SPDX-License-Identifier: MIT
import { z } from 'zod';

/**
 * A recorded command. `id` is `{sessionId}:{seq}`; the output range is
 * in bytes of the session's recorded output stream (shell-integration marks removed).
 */
export const CommandRecord = z.object({
  id: z.string(),
  sessionId: z.string(),
  seq: z.number().int(),
  commandLine: z.string().nullable(),
  cwd: z.string().nullable(),
  hostname: z.string().nullable(),
  shell: z.string().nullable(),
  startedAt: z.number(),
  endedAt: z.number().nullable(),
  exitCode: z.number().int().nullable(),
  outputStart: z.number().int(),
  outputEnd: z.number().int().nullable(),
  /** First N + last N lines of clean output, with an omitted-lines marker between. */
  outputSummary: z.string(),
  /** How the command was found: from verified shell-integration marks, or by prompt heuristics. */
  source: z.enum(['integrated', 'heuristic']),
  /**
   * The app died while the command ran (kill -9, a crash): it was ended at its session's last
   * recorded byte on the next start, with no exit status. Absent on live records, which are never
   * interrupted; the store always says.
   */
  interrupted: z.boolean().optional(),
  /**
   * Still running when its shell exited (`exit`, `logout`, Ctrl-D, `exec` of something that quit):
   * no exit status because the shell never got to report one, not because it failed. Set by the
   * recorder on the live record when the session ends; not stored, so absent on records read back.
   */
  endedShell: z.boolean().optional(),
  /**
   * Run in a remote shell that our ssh integration started inside this session: the host as the
   * user typed it after `ssh`, and the remote user. Absent for local commands.
   */
  remote: z.object({ host: z.string(), user: z.string().nullable() }).optional(),
  /** Synced from another device (History across machines): that device's name. Absent for records made here. */
  device: z.string().optional(),
  /** Typed by the assistant (a run_command step the user approved, or the allow-list ran); absent when the user typed it. */
  ranBy: z.literal('assistant').optional(),
});
export type CommandRecord = z.infer<typeof CommandRecord>;
export type RemoteOrigin = NonNullable<CommandRecord['remote']>;

// Plain functions, with no schema: the page uses them at start-up without zod (command-text.ts).
export { commandId, remotePlaceOf } from './command-text';
