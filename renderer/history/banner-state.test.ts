// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { RecordingStatus } from '../../shared/ipc/history';
import { HIDDEN, nextBanner } from './banner-state';

const ok: RecordingStatus = { state: 'ok', reason: null, message: '', since: 0, lostBytes: 0 };
const full: RecordingStatus = {
  state: 'failing',
  reason: 'disk-full',
  message: 'SQLITE_FULL: database or disk is full',
  since: 1,
  lostBytes: 0,
};

describe('the recording banner', () => {
  it('stays hidden while all is well', () => {
    expect(nextBanner(HIDDEN, ok)).toBe(HIDDEN);
  });

  it('says plainly why recording stopped, keeping the technical message as detail', () => {
    const banner = nextBanner(HIDDEN, full);
    expect(banner).toEqual({
      kind: 'failing',
      text: 'Recording stopped: the disk is full. Your terminals keep working; nothing new is saved until space is freed.',
      detail: 'SQLITE_FULL: database or disk is full',
      storage: true,
    });
  });

  it("shows main's own words when the writer itself failed, with no storage remedy to offer", () => {
    const message =
      'Recording stopped: the history database writer failed and could not be restarted; 2 commands were not saved. Restart Contexterm.';
    expect(nextBanner(HIDDEN, { ...full, reason: 'writer', message })).toEqual({
      kind: 'failing',
      text: message,
      detail: message,
      storage: false,
    });
  });

  it('falls back to the main process message for a failure without a known reason', () => {
    const banner = nextBanner(HIDDEN, { ...full, reason: null, message: 'something odd' });
    expect(banner.kind === 'failing' && banner.text).toBe(
      'Recording stopped: something odd. Your terminals keep working; nothing new is saved until it can write again.',
    );
  });

  it('announces the recovery with what was lost, only after a failure it saw', () => {
    const failing = nextBanner(HIDDEN, full);
    expect(nextBanner(failing, { ...ok, lostBytes: 3 * 1024 * 1024 })).toEqual({
      kind: 'resumed',
      text: 'Recording resumed (3 MB could not be saved).',
    });
    expect(nextBanner(failing, ok)).toEqual({ kind: 'resumed', text: 'Recording resumed.' });
    const resumed = nextBanner(failing, ok);
    expect(nextBanner(resumed, ok)).toBe(resumed);
  });
});
