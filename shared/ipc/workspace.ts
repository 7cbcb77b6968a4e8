// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { invoke } from './define';
import { PtyId, PtyInfo } from './pty';

/** A tab's split layout: terminals (pty ids) in nested rows and columns (renderer/state/pane-tree.ts). */
export type PaneNodeInput =
  | { readonly kind: 'leaf'; readonly id: string }
  | { readonly kind: 'split'; readonly orientation: 'horizontal' | 'vertical'; readonly children: readonly PaneNodeInput[] };

const MAX_DEPTH = 8;

const paneNode = (depth: number): z.ZodType<PaneNodeInput> =>
  depth >= MAX_DEPTH
    ? z.strictObject({ kind: z.literal('leaf'), id: PtyId })
    : z.union([
        z.strictObject({ kind: z.literal('leaf'), id: PtyId }),
        z.strictObject({
          kind: z.literal('split'),
          orientation: z.enum(['horizontal', 'vertical']),
          children: z
            .array(z.lazy(() => paneNode(depth + 1)))
            .min(2)
            .max(16),
        }),
      ]);

const PaneNodeSchema = paneNode(0);

export const WorkspaceLayout = z.array(z.strictObject({ root: PaneNodeSchema, focus: PtyId })).max(64);
export type WorkspaceLayout = z.infer<typeof WorkspaceLayout>;

/** Names the user gave tabs, by the terminal (pty id) whose tab carries it. */
export const TabNames = z.record(PtyId, z.string().max(200));
export type TabNames = z.infer<typeof TabNames>;

/** A restored terminal's earlier session (by pty id): its commands lead the terminal's list. */
const PreviousSessions = z.record(PtyId, PtyId);

/** What `workspace:restore` answers. `waiting`: with restore = ask, the panes that would come back once the user says so (confirmed: true). */
const RestoreAnswer = z.object({
  groups: WorkspaceLayout,
  waiting: z.number().int().min(0),
  names: TabNames.optional(),
  previous: PreviousSessions.optional(),
});

export const workspaceChannels = {
  /** This window's tabs (in order), panes and tab names, kept by the main process so the next start can restore them. */
  'workspace:save': invoke(z.strictObject({ groups: WorkspaceLayout, names: TabNames.optional() }), z.object({ saved: z.number().int() })),
  /**
   * The last saved layout of the running terminals, for a window that opens on them with no layout
   * of its own (the launch URL reopened): splits stay splits, tabs keep their order and names.
   */
  'workspace:layout': invoke(
    z.strictObject({}),
    z.object({ groups: WorkspaceLayout, names: TabNames, previous: PreviousSessions.optional() }),
  ),
  /**
   * At a start with no terminals: reopens the last saved tabs and panes in their directories, each
   * with its previous scrollback above a "restored" line (per the terminal.restore setting). Answers
   * the new layout; empty when there is nothing to restore or the setting says never.
   */
  'workspace:restore': invoke(z.strictObject({ confirmed: z.boolean().optional() }), RestoreAnswer),
  /**
   * A window's start in one round trip: the running terminals; when there are none, the start-up
   * restore (`workspace:restore`, once per run); when that brings none back, a new terminal of this
   * size, spawned for this window as `pty:spawn` does (its output follows at once). The three used
   * to be three round trips in a row before the first prompt.
   */
  'workspace:start': invoke(
    z.strictObject({ cols: z.number().int().min(1).max(2000), rows: z.number().int().min(1).max(1000) }),
    z.object({ ptys: z.array(PtyInfo), restore: RestoreAnswer.optional(), spawned: PtyInfo.optional() }),
  ),
} as const;
