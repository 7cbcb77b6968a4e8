// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { CommandRecord } from '../domain/command';
import { event, invoke } from './define';
import { SessionInfo } from './session';

const SessionId = z.string().min(1).max(128);
const CommandIdString = z.string().min(3).max(160);

export const commandsChannels = {
  /** A session's most recent commands, newest last. */
  'commands:list': invoke(
    z.strictObject({ sessionId: SessionId, limit: z.number().int().min(1).max(1000).optional() }),
    z.array(CommandRecord),
  ),
  /** Full-text search over every recorded command, ended sessions included; best matches first. */
  'commands:search': invoke(
    z.strictObject({ query: z.string().min(1).max(500), limit: z.number().int().min(1).max(200).optional() }),
    z.array(CommandRecord),
  ),
  'commands:get': invoke(
    z.strictObject({ id: CommandIdString }),
    z.object({ command: CommandRecord, cleanOutput: z.string().nullable() }),
  ),
  /** A command started or finished somewhere. */
  'commands:updated': event(z.object({ command: CommandRecord })),
  /** A session changed: its segmentation mode, cwd or end. */
  'session:updated': event(z.object({ session: SessionInfo })),
} as const;
