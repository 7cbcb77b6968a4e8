// SPDX-License-Identifier: MIT
import type { RecordingStatus } from '../../../shared/ipc/history';
import type { WriteOp } from '../worker/protocol';

/** The status of a writer that works (as WriteHealth starts). */
export const RECORDING = (now: number = Date.now()): RecordingStatus => ({
  state: 'ok',
  reason: null,
  message: 'Recording.',
  since: now,
  lostBytes: 0,
});

/** A table call (a setting, a conversation message) made while no writer runs. */
export const WRITER_UNAVAILABLE =
  'The history database writer is not running (it failed), so this could not be saved. Try again in a moment.';

/** What a failed writer took with it: output bytes, and the commands whose records were never written. */
export class Losses {
  bytes = 0;
  readonly commands = new Set<string>();

  add(bytes: number, ops: readonly WriteOp[]): void {
    this.bytes += bytes;
    for (const op of ops) if (op.kind === 'command') this.commands.add(op.command.id);
  }

  /** The counts so far, starting afresh (the next failure is its own incident). */
  take(): { readonly bytes: number; readonly commands: number } {
    const counts = { bytes: this.bytes, commands: this.commands.size };
    this.bytes = 0;
    this.commands.clear();
    return counts;
  }
}

const size = (bytes: number): string =>
  bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** "3 commands and 6 bytes of output were not saved", or '' when nothing was lost. */
const lostText = (bytes: number, commands: number): string => {
  const things = commands > 0 ? `${commands} ${commands === 1 ? 'command' : 'commands'}` : '';
  const output = bytes > 0 ? `${size(bytes)} of output` : '';
  if (!things && !output) return '';
  const plural = output !== '' || commands > 1;
  return `${[things, output].filter(Boolean).join(' and ')} ${plural ? 'were' : 'was'} not saved`;
};

export const restartingStatus = (now: number = Date.now()): RecordingStatus => ({
  state: 'failing',
  reason: 'writer',
  message: 'Recording stopped: the history database writer failed. Contexterm is restarting it; your terminals keep working.',
  since: now,
  lostBytes: 0,
});

export const resumedStatus = ({ bytes, commands }: { bytes: number; commands: number }, now: number = Date.now()): RecordingStatus => {
  const lost = lostText(bytes, commands);
  return {
    state: 'ok',
    reason: null,
    message: `Recording resumed: the history database writer failed and was restarted.${lost ? ` Meanwhile ${lost}.` : ''}`,
    since: now,
    lostBytes: bytes,
  };
};

/** Given up on: nothing more is saved in this run, and the user is told what already was not. */
export const stoppedStatus = (losses: Losses, since: number = Date.now()): RecordingStatus => {
  const lost = lostText(losses.bytes, losses.commands.size);
  return {
    state: 'failing',
    reason: 'writer',
    message:
      `Recording stopped: the history database writer failed and could not be restarted${lost ? `; ${lost}` : ''}. ` +
      'Your terminals keep working; restart Contexterm to record again.',
    since,
    lostBytes: losses.bytes,
  };
};
