// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../../shared/domain/command';
import { displayLine } from '../../../shared/text/display-text';

/** A command attached to the next question; its full output is fetched by the main process. */
export interface Attachment {
  readonly commandId: string;
  readonly commandLine: string | null;
  readonly exitCode: number | null;
  /** When the command started, if known: forgetting a time range removes the chips it covers. */
  readonly startedAt?: number;
  /** Synced from another device: its name, shown on the chip. */
  readonly device?: string;
}

/** `assistant:ask` accepts at most this many attachments. */
const MAX_ATTACHMENTS = 50;

export const attachmentOf = (
  command: Pick<CommandRecord, 'id' | 'commandLine' | 'exitCode'> & { readonly startedAt?: number; readonly device?: string | undefined },
): Attachment => ({
  commandId: command.id,
  commandLine: command.commandLine,
  exitCode: command.exitCode,
  ...(command.startedAt === undefined ? {} : { startedAt: command.startedAt }),
  ...(command.device === undefined ? {} : { device: command.device }),
});

/** Adds once (a second click on the same command is a no-op, not a duplicate chip); keeps click order. */
export const addAttachment = (list: readonly Attachment[], next: Attachment): readonly Attachment[] => {
  if (list.some((a) => a.commandId === next.commandId)) return list;
  if (list.length >= MAX_ATTACHMENTS) return list;
  return [...list, next];
};

export const removeAttachment = (list: readonly Attachment[], commandId: string): readonly Attachment[] =>
  list.some((a) => a.commandId === commandId) ? list.filter((a) => a.commandId !== commandId) : list;

/** The newest finished command with a non-zero exit code, for "attach last failed command". */
export const lastFailed = (commands: readonly CommandRecord[]): CommandRecord | undefined => {
  for (let i = commands.length - 1; i >= 0; i--) {
    const command = commands[i]!;
    if (command.endedAt !== null && command.exitCode !== null && command.exitCode !== 0) return command;
  }
  return undefined;
};

/**
 * What a chip shows: the command line (the contract requires it in the chip's text), shortened,
 * its controls as pictures (a remote host may have chosen it).
 */
export const chipLabel = (attachment: Attachment, max = 48): string => {
  const line = displayLine(attachment.commandLine?.trim()) || attachment.commandId;
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};
