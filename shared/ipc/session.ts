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

export const sessionChannels = {
  /** Active sessions and those that ended within `endedWithinMs` (default: all recorded). */
  'session:list': invoke(
    z.strictObject({ endedWithinMs: z.number().int().min(0).optional() }),
    z.array(SessionInfo),
  ),
  'session:get': invoke(z.strictObject({ id: z.string().min(1).max(128) }), SessionInfo),
} as const;
