// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { SessionBacklog } from './session-backlog';

describe('SessionBacklog', () => {
  it("splits the store's uncommitted bytes by session, oldest committed first", () => {
    const backlog = new SessionBacklog();
    let uncommitted = 0;
    const append = (id: string, bytes: number) => {
      backlog.append(id, bytes, uncommitted);
      uncommitted += bytes;
    };
    append('flood', 600);
    append('typed', 3);
    append('flood', 400);
    expect([backlog.shareOf('flood', uncommitted), backlog.shareOf('typed', uncommitted)]).toEqual([1000, 3]);
    // The writer commits the first 603 bytes: the flood's first span and the typed chunk.
    uncommitted -= 603;
    expect([backlog.shareOf('flood', uncommitted), backlog.shareOf('typed', uncommitted)]).toEqual([400, 0]);
    expect(backlog.shareOf('unknown', uncommitted)).toBe(0);
    uncommitted = 0;
    expect(backlog.shareOf('flood', uncommitted)).toBe(0);
  });

  it('keeps a span of consecutive chunks until its last one is committed (reads high, never low)', () => {
    const backlog = new SessionBacklog();
    backlog.append('a', 100, 0);
    backlog.append('a', 100, 100);
    expect(backlog.shareOf('a', 150)).toBe(200);
    expect(backlog.shareOf('a', 0)).toBe(0);
  });

  it('forgets everything at once when the backlog is dropped (a writer that died)', () => {
    const backlog = new SessionBacklog();
    for (let index = 0; index < 5_000; index++) backlog.append(index % 2 ? 'a' : 'b', 10, index * 10);
    expect(backlog.shareOf('a', 50_000)).toBe(25_000);
    expect(backlog.shareOf('a', 0)).toBe(0);
    backlog.append('a', 10, 0);
    expect([backlog.shareOf('a', 10), backlog.shareOf('b', 10)]).toEqual([10, 0]);
  });

  it('holds no spans once the writer has caught up', () => {
    const backlog = new SessionBacklog();
    // 500 chunks from alternating tabs, committed as they come but never all at once: spans pile up.
    for (let index = 0; index < 500; index++) backlog.append(index % 2 ? 'a' : 'b', 10, 10);
    expect(backlog.heldSpans).toBeGreaterThan(1);
    expect(backlog.shareOf('a', 0)).toBe(0);
    expect(backlog.heldSpans).toBe(0);
  });
});
