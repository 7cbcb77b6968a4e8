// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { MirrorBacklog } from './mirror-backlog';

/** As in mirror-backlog.ts. */
const MIRROR_BACKLOG_TOTAL_CHARS = 16 * 1024 * 1024;

/** As in mirror-backlog.ts. */
const MIRROR_BACKLOG_SHARE_CHARS = 1024 * 1024;

/** As in mirror-backlog.ts. */
const MIRROR_BACKLOG_CHARS = 16 * 1024 * 1024;

describe('MirrorBacklog', () => {
  it('holds a pty past its own limit', () => {
    const backlog = new MirrorBacklog();
    backlog.add('flood', MIRROR_BACKLOG_CHARS + 1);
    expect(backlog.congested('flood')).toBe(true);
    backlog.parsed('flood', 2);
    expect(backlog.congested('flood')).toBe(false);
  });

  it('past the total, holds the ptys that are well behind and not one being typed in', () => {
    const backlog = new MirrorBacklog();
    backlog.add('a', MIRROR_BACKLOG_TOTAL_CHARS / 2);
    backlog.add('b', MIRROR_BACKLOG_TOTAL_CHARS / 2 + 1);
    backlog.add('typed', 40);
    expect(['a', 'b', 'typed'].map((id) => backlog.congested(id))).toEqual([true, true, false]);
    backlog.add('typed', MIRROR_BACKLOG_SHARE_CHARS);
    expect(backlog.congested('typed')).toBe(true);
    backlog.delete('b');
    expect(['a', 'typed'].map((id) => backlog.congested(id))).toEqual([false, false]);
  });
});
