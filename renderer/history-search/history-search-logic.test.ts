// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import {
  atIdlePrompt,
  filterForKey,
  highlightRuns,
  NO_FILTERS,
  nextTimeRange,
  placeOf,
  toRequest,
  whenText,
  countText,
} from './history-search-logic';

const place = { sessionId: 's1', cwd: '/srv/app', hostname: 'devbox' };
const NOW = 1_800_000_000_000;

describe('toRequest', () => {
  it('asks with no filter by default', () => {
    expect(toRequest('git', NO_FILTERS, place, NOW)).toEqual({ query: 'git', limit: 50 });
  });

  it('narrows to the terminal’s directory, session and host, failures and a time range', () => {
    const filters = { cwd: true, session: true, host: true, failed: true, time: 'hour' } as const;
    expect(toRequest('', filters, place, NOW)).toEqual({
      query: '',
      limit: 50,
      cwd: '/srv/app',
      sessionId: 's1',
      host: 'devbox',
      failed: true,
      since: NOW - 3_600_000,
    });
  });

  it('a filter whose value is not known yet narrows nothing', () => {
    expect(toRequest('x', { ...NO_FILTERS, cwd: true, host: true }, { sessionId: 's1', cwd: null, hostname: null }, NOW)).toEqual({
      query: 'x',
      limit: 50,
    });
  });
});

describe('placeOf', () => {
  const session = {
    id: 's1',
    shell: 'bash',
    hostname: 'laptop',
    cwd: '/home/me',
    title: '',
    mode: 'integrated',
    startedAt: 0,
    endedAt: null,
  } as const;
  it('is the session’s directory and host, which follow cd, not where the newest command started', () => {
    expect(placeOf('s1', session, [{ cwd: '/srv', hostname: 'laptop' } as never])).toEqual({
      sessionId: 's1',
      cwd: '/home/me',
      hostname: 'laptop',
    });
    expect(placeOf('s1', session, [])).toEqual({ sessionId: 's1', cwd: '/home/me', hostname: 'laptop' });
  });

  it('in an ssh session, the newest (remote) command’s', () => {
    const remote = { cwd: '/var/www', hostname: 'web1', remote: { host: 'web1', user: 'ops' } };
    expect(placeOf('s1', session, [remote as never])).toEqual({ sessionId: 's1', cwd: '/var/www', hostname: 'web1' });
  });
});

describe('atIdlePrompt', () => {
  it('is an integrated shell whose newest command ended (or that ran none yet)', () => {
    expect(atIdlePrompt({ mode: 'integrated' }, [])).toBe(true);
    expect(atIdlePrompt({ mode: 'integrated' }, [{ endedAt: 5 }])).toBe(true);
  });

  it('is not while a command runs, nor in a shell without integration', () => {
    expect(atIdlePrompt({ mode: 'integrated' }, [{ endedAt: 5 }, { endedAt: null }])).toBe(false);
    expect(atIdlePrompt({ mode: 'heuristic' }, [])).toBe(false);
    expect(atIdlePrompt({ mode: 'unknown' }, [])).toBe(false);
    expect(atIdlePrompt(undefined, [])).toBe(false);
  });
});

describe('filter keys', () => {
  const key = (code: string, mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) =>
    filterForKey({ code, altKey: true, ctrlKey: false, metaKey: false, ...mods });
  it('Alt+D, S, H, F, T', () => {
    expect(['KeyD', 'KeyS', 'KeyH', 'KeyF', 'KeyT'].map((code) => key(code))).toEqual(['cwd', 'session', 'host', 'failed', 'time']);
  });
  it('not without Alt, nor with Ctrl or Meta, nor another letter', () => {
    expect(key('KeyD', { altKey: false })).toBeUndefined();
    expect(key('KeyD', { ctrlKey: true })).toBeUndefined();
    expect(key('KeyD', { metaKey: true })).toBeUndefined();
    expect(key('KeyX')).toBeUndefined();
  });
  it('Alt+T cycles the time ranges and comes back', () => {
    const seen = [NO_FILTERS.time];
    for (let i = 0; i < 5; i++) seen.push(nextTimeRange(seen.at(-1)!));
    expect(seen).toEqual(['any', 'hour', 'day', 'week', 'month', 'any']);
  });
});

describe('display', () => {
  it('when', () => {
    expect(whenText(NOW - 5_000, NOW)).toBe('just now');
    expect(whenText(NOW - 12 * 60_000, NOW)).toBe('12 min ago');
    expect(whenText(NOW - 3 * 3_600_000, NOW)).toBe('3 h ago');
    expect(whenText(NOW - 4 * 86_400_000, NOW)).toBe('4 d ago');
    expect(whenText(Date.UTC(2024, 0, 2), NOW)).toBe('2024-01-02');
  });

  it('cuts a line into plain and matched runs', () => {
    expect(highlightRuns('git status', [0, 1, 4])).toEqual([
      { text: 'gi', hit: true },
      { text: 't ', hit: false },
      { text: 's', hit: true },
      { text: 'tatus', hit: false },
    ]);
    expect(highlightRuns('ls', [])).toEqual([{ text: 'ls', hit: false }]);
  });
});

describe('countText', () => {
  it('says how many records match, with a + when that is a lower bound', () => {
    expect(countText(0, true)).toBe('No matches');
    expect(countText(1, true)).toBe('1 match');
    expect(countText(1234, true)).toBe('1,234 matches');
    expect(countText(4000, false)).toBe('4,000+ matches');
    expect(countText(1, false)).toBe('1+ matches');
  });
});
