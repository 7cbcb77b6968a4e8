// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakePtyHost } from './testing/fake-pty-host';
import { watchForeground } from './foreground-watch';
import { PtyManager } from './pty-manager';

describe('watchForeground', () => {
  let host: FakePtyHost;
  let manager: PtyManager;
  let announced: Array<[string, string]>;
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    host = new FakePtyHost();
    manager = new PtyManager(host);
    announced = [];
    stop = watchForeground(manager, (id, process) => announced.push([id, process]), 500);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('announces a change of foreground program once, and the return to the shell', () => {
    const pty = manager.spawn({ cols: 80, rows: 24 });
    let foreground = 'bash';
    vi.spyOn(host.spawned[0]!, 'foregroundProcess').mockImplementation(() => foreground);
    vi.advanceTimersByTime(1000);
    expect(announced).toEqual([]);
    foreground = 'sleep';
    vi.advanceTimersByTime(500);
    vi.advanceTimersByTime(1500);
    expect(announced).toEqual([[pty.id, 'sleep']]);
    foreground = 'bash';
    vi.advanceTimersByTime(500);
    expect(announced).toEqual([
      [pty.id, 'sleep'],
      [pty.id, 'bash'],
    ]);
  });

  it('looks soon after Enter is typed, before the next poll', () => {
    const pty = manager.spawn({ cols: 80, rows: 24 });
    vi.spyOn(host.spawned[0]!, 'foregroundProcess').mockReturnValue('vim');
    manager.input(pty.id, 'vim notes\r', undefined, false);
    vi.advanceTimersByTime(100);
    expect(announced).toEqual([[pty.id, 'vim']]);
  });

  it('stops looking when stopped', () => {
    manager.spawn({ cols: 80, rows: 24 });
    vi.spyOn(host.spawned[0]!, 'foregroundProcess').mockReturnValue('top');
    stop();
    vi.advanceTimersByTime(5000);
    expect(announced).toEqual([]);
  });
});
