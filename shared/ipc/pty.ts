// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { event, invoke, send } from './define';
import { hasNul } from '../settings/fields';
import { RecordingState } from './history';

export const PtyId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

const dimension = (max: number) => z.number().int().min(1).max(max);

export const PtyInfo = z.object({
  id: PtyId,
  sessionId: z.string(),
  pid: z.number().int(),
  shell: z.string(),
  cwd: z.string(),
  cols: z.number().int(),
  rows: z.number().int(),
  exited: z.boolean(),
  exitCode: z.number().int().nullable(),
  /** Recorded, paused by the user, or a private terminal that is never recorded. */
  recording: RecordingState,
  /** The profile it was opened with (its looks apply to it), if any. */
  profileId: z.string().nullable(),
});
export type PtyInfo = z.infer<typeof PtyInfo>;

const MAX_INPUT_CHARS = 1 << 20;

const isId = (v: unknown): boolean => typeof v === 'string' && v.length > 0 && v.length <= 64;

const isInputLike = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  isId((v as { id?: unknown }).id) &&
  typeof (v as { data?: unknown }).data === 'string' &&
  (v as { data: string }).data.length <= MAX_INPUT_CHARS;

const isAck = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  isId((v as { id?: unknown }).id) &&
  Number.isSafeInteger((v as { chars?: unknown }).chars) &&
  (v as { chars: number }).chars >= 0;

export const TerminalMarkSchema = z.object({
  /** `input-start`: the prompt ended and the typed line starts at the cursor (OSC 133 B). */
  kind: z.enum(['prompt', 'input-start', 'command-start', 'command-end']),
  commandId: z.string().nullable(),
  exitCode: z.number().int().nullable(),
});
export type TerminalMark = z.infer<typeof TerminalMarkSchema>;

/**
 * A terminal's screen for a renderer that attaches: serialized by a headless xterm (text,
 * attributes, modes, cursor; never a terminal query, so painting it cannot produce input), the
 * grid size it was taken at, the output stream position it covers (`end`), and the gutter marks
 * with their line relative to the normal buffer's cursor line.
 */
const TerminalSnapshotSchema = z.object({
  data: z.string(),
  cols: z.number().int(),
  rows: z.number().int(),
  end: z.number().int().min(0),
  marks: z.array(z.object({ offset: z.number().int(), mark: TerminalMarkSchema })),
});
export type TerminalSnapshot = z.infer<typeof TerminalSnapshotSchema>;

export const ptyChannels = {
  'pty:spawn': invoke(
    z.strictObject({
      cols: dimension(2000),
      rows: dimension(1000),
      cwd: z
        .string()
        .max(4096)
        .refine((cwd) => !hasNul(cwd), 'the directory contains a NUL byte')
        .optional(),
      /** A private terminal: nothing it shows or runs is stored or given to the assistant. */
      private: z.boolean().optional(),
      /**
       * The terminal it is opened from (the pane a split divides, the pane a step was asked from):
       * main makes it private when that one is, whatever `private` says.
       */
      from: PtyId.optional(),
      /** Open with this profile's program, arguments, directory and environment (else the default profile). */
      profileId: z
        .string()
        .max(40)
        .refine((id) => !hasNul(id), 'the profile id contains a NUL byte')
        .optional(),
    }),
    PtyInfo,
  ),
  /** Pauses or resumes recording of a terminal (not of a private one, which never records). */
  'pty:recording': invoke(z.strictObject({ id: PtyId, paused: z.boolean() }), PtyInfo),
  /** A terminal's recording state changed (in any window). */
  'pty:recording-changed': event(z.object({ id: PtyId, recording: RecordingState })),
  'pty:list': invoke(z.strictObject({}), z.array(PtyInfo)),
  /**
   * Attach this client to a pty (several clients may be attached to one): it receives the current
   * screen, then live output; `pty:data` at or before `snapshot.end` is already in the snapshot.
   */
  'pty:attach': invoke(z.strictObject({ id: PtyId }), z.object({ info: PtyInfo, snapshot: TerminalSnapshotSchema })),
  'pty:kill': invoke(z.strictObject({ id: PtyId }), z.object({ killed: z.boolean() })),
  /** Whether something other than the idle shell runs in the foreground (asks before closing). */
  'pty:busy': invoke(z.strictObject({ id: PtyId }), z.object({ busy: z.boolean(), process: z.string() })),
  /**
   * Keystrokes and pastes; `reply: true` for what the renderer's xterm generated itself in answer to
   * a query in the output, which only one attached renderer's may deliver.
   */
  'pty:input': send(z.strictObject({ id: PtyId, data: z.string().max(MAX_INPUT_CHARS), reply: z.boolean().optional() }), isInputLike),
  'pty:resize': send(z.strictObject({ id: PtyId, cols: dimension(2000), rows: dimension(1000) })),
  /** Characters the renderer has parsed (xterm's write callback); drives flow control. */
  'pty:ack': send(z.strictObject({ id: PtyId, chars: z.number().int().min(0) }), isAck),
  /**
   * Whether this client's window is visible and, with `shown`, which terminals it has on screen
   * (the active tab's). Only terminals on screen in a visible window may hold a pty back and are
   * sent output as it comes; the others get theirs when shown (see electron/pty/sink-set.ts).
   * Without `shown`, every attached terminal counts as on screen.
   */
  'pty:visibility': send(z.strictObject({ visible: z.boolean(), shown: z.array(PtyId).max(64).optional() })),
  /**
   * A command boundary found in the output, sent in stream order between `pty:data` events so the
   * renderer can put a gutter decoration on the line where it happened.
   */
  'pty:mark': event(TerminalMarkSchema.extend({ id: PtyId, at: z.number().int() })),
  /** `end`: the output stream position after `data` (characters since the pty started). */
  'pty:data': event(z.object({ id: PtyId, data: z.string(), end: z.number().int() }), isInputLike),
  /** A terminal opened in another window: attach to show it as a tab too. */
  'pty:opened': event(z.object({ id: PtyId })),
  /** A terminal closed in any window: its tab goes away everywhere. */
  'pty:closed': event(z.object({ id: PtyId })),
  /** This client fell too far behind while hidden and gets no more output until it attaches again. */
  'pty:detached': event(z.object({ id: PtyId })),
  'pty:exit': event(z.object({ id: PtyId, exitCode: z.number().int().nullable(), signal: z.number().int().nullable() })),
  /**
   * The program in a terminal's foreground changed: its process name (`sleep`, `vim`), or the
   * shell's own at the prompt. Tab titles name it; `pty:busy` gives the current one on demand.
   */
  'pty:foreground': event(z.object({ id: PtyId, process: z.string().max(256) })),
} as const;
