// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATIONS } from '../../shared/ipc/notifications';
import { noteText, noticeFor } from './decide';

/** Neither a mark on the tab nor a desktop notification. */
const NO_NOTICE = { mark: false, notify: false };

const ran = (seconds: number, exitCode: number | null = 0) => ({
  commandLine: 'make build',
  cwd: '/home/me/project',
  startedAt: 1_000_000,
  endedAt: 1_000_000 + seconds * 1000,
  exitCode,
});
const away = { terminalShown: false, windowActive: true };
const background = { terminalShown: true, windowActive: false };
const watching = { terminalShown: true, windowActive: true };

describe('noticeFor', () => {
  it('ignores commands still running', () => {
    expect(noticeFor({ startedAt: 0, endedAt: null }, away)).toEqual(NO_NOTICE);
  });

  it('ignores commands shorter than the threshold (default 10 s), counts those that reach it', () => {
    expect(noticeFor(ran(9.9), away)).toEqual(NO_NOTICE);
    expect(noticeFor(ran(10), away).mark).toBe(true);
    expect(noticeFor(ran(2), away, { ...DEFAULT_NOTIFICATIONS, minSeconds: 1 }).mark).toBe(true);
    expect(noticeFor(ran(2), away, { ...DEFAULT_NOTIFICATIONS, minSeconds: 3 })).toEqual(NO_NOTICE);
  });

  it('says nothing about a command the user watched end', () => {
    expect(noticeFor(ran(60), watching)).toEqual(NO_NOTICE);
  });

  it('marks a tab that is not shown, without a notification while the window is in front', () => {
    expect(noticeFor(ran(60), away)).toEqual({ mark: true, notify: false });
  });

  it('notifies for another tab in front too when asked (whenFocused)', () => {
    expect(noticeFor(ran(60), away, { ...DEFAULT_NOTIFICATIONS, whenFocused: true })).toEqual({ mark: true, notify: true });
  });

  it('marks and notifies when the window is hidden or unfocused, the active tab included', () => {
    expect(noticeFor(ran(60), background)).toEqual({ mark: true, notify: true });
    expect(noticeFor(ran(60), { terminalShown: false, windowActive: false })).toEqual({ mark: true, notify: true });
  });

  it('does nothing at all when turned off', () => {
    const off = { ...DEFAULT_NOTIFICATIONS, enabled: false };
    expect(noticeFor(ran(60), background, off)).toEqual(NO_NOTICE);
    expect(noticeFor(ran(60), away, off)).toEqual(NO_NOTICE);
  });
});

describe('noteText', () => {
  it('titles the notification with ✓ or ✗ and the command line, and says how and where it ended', () => {
    expect(noteText(ran(12))).toEqual({ title: '✓ make build', body: 'Finished after 12 s · /home/me/project' });
    expect(noteText(ran(2.5, 2))).toEqual({ title: '✗ make build', body: 'Failed with exit code 2 after 2.5 s · /home/me/project' });
    expect(noteText({ ...ran(3, null), cwd: null, commandLine: null })).toEqual({
      title: '✗ A command',
      body: 'Ended without an exit status after 3.0 s',
    });
  });

  it('shows controls in the command line and directory as pictures', () => {
    const note = noteText({ ...ran(12), commandLine: 'cat \x1b]0;pwned\x07 \u009b2J\u202e', cwd: '/srv/\x1b[31m\u0090$q\u009c' });
    expect(note).toEqual({ title: '✓ cat ␛]0;pwned␇ ␛[2J⟨U+202E⟩', body: 'Finished after 12 s · /srv/␛[31m␛P$q␛\\' });
  });

  it('keeps one line and clips a huge command line', () => {
    const { title } = noteText({ ...ran(20), commandLine: `for x in 1 2\ndo\n  echo ${'y'.repeat(500)}\ndone` });
    expect(title).not.toContain('\n');
    expect(title.length).toBe(200);
    expect(title.endsWith('…')).toBe(true);
  });
});
