// SPDX-License-Identifier: MIT
import type { RecordingStatus } from '../../shared/ipc/history';
import { formatBytes } from './format';

/** What the recording banner shows: nothing, the failure, or (for a while) that recording is back. */
export type BannerState =
  | { readonly kind: 'hidden' }
  /** `storage`: whether freeing space (Storage settings) can help; not when the writer itself failed. */
  | { readonly kind: 'failing'; readonly text: string; readonly detail: string; readonly storage: boolean }
  | { readonly kind: 'resumed'; readonly text: string };

export const HIDDEN: BannerState = { kind: 'hidden' };

/** How long "Recording resumed" stays up. */
export const RESUMED_MS = 8000;

const CAUSE: Record<NonNullable<RecordingStatus['reason']>, string> = {
  'disk-full': 'the disk is full',
  locked: 'another program holds the history database locked',
  'read-only': 'the history database cannot be written (read-only)',
  io: 'the disk reported an error',
  writer: 'the history database writer failed',
  other: 'the history database reported an error',
};

const REMEDY: Partial<Record<NonNullable<RecordingStatus['reason']>, string>> = {
  'disk-full': 'until space is freed',
  locked: 'until the lock is released',
};

/** The failure in plain words; the main process's own message goes in the detail (tooltip). */
const failingText = (status: RecordingStatus): string => {
  // Main's own words here: whether it is being restarted or given up on, and what was lost.
  if (status.reason === 'writer') return status.message;
  const cause = status.reason ? CAUSE[status.reason] : status.message || CAUSE.other;
  const until = (status.reason && REMEDY[status.reason]) ?? 'until it can write again';
  return `Recording stopped: ${cause}. Your terminals keep working; nothing new is saved ${until}.`;
};

const resumedText = (lostBytes: number): string =>
  lostBytes > 0 ? `Recording resumed (${formatBytes(lostBytes)} could not be saved).` : 'Recording resumed.';

/**
 * The banner after a status report. "Resumed" only follows a failure this window saw: a window
 * opened while all is well has nothing to announce.
 */
export const nextBanner = (current: BannerState, status: RecordingStatus): BannerState => {
  if (status.state === 'failing')
    return { kind: 'failing', text: failingText(status), detail: status.message, storage: status.reason !== 'writer' };
  return current.kind === 'failing' ? { kind: 'resumed', text: resumedText(status.lostBytes) } : current;
};
