// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlowControl } from '../../shared/terminal/flow-control';
import { FakePtyHost } from './testing/fake-pty-host';
import { PtyManager, type PtySink } from './pty-manager';

const collectingSink = () => {
  const data: string[] = [];
  const exits: Array<number | null> = [];
  const sink: PtySink = {
    shows: () => true,
    data: (_id, chunk) => data.push(chunk),
    mark: (_id, mark) => data.push(`<${mark.kind}>`),
    exit: (_id, exit) => exits.push(exit.exitCode),
    detached: () => undefined,
  };
  return { sink, data, exits, text: () => data.join('') };
};

describe('PtyManager', () => {
  let host: FakePtyHost;
  let manager: PtyManager;

  beforeEach(() => {
    vi.useFakeTimers();
    host = new FakePtyHost();
    manager = new PtyManager(host);
  });
  afterEach(() => vi.useRealTimers());

  it('decodes UTF-8 split at any byte boundary without replacement characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const pty = manager.spawn({ cols: 80, rows: 24 });
        const out = collectingSink();
        manager.attach(pty.id, out.sink);
        const bytes = Buffer.from(text, 'utf8');
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        let last = 0;
        for (const point of [...points, bytes.length]) {
          host.spawned.at(-1)!.emit(bytes.subarray(last, point));
          last = point;
        }
        vi.runAllTimers();
        expect(out.text()).toBe(text);
      }),
    );
  });

  it('passes raw bytes to observers before decoding, in order, for both directions', () => {
    const seen: string[] = [];
    manager.observe({ bytes: (_id, direction, bytes) => seen.push(`${direction}:${bytes.toString('hex')}`) });
    const pty = manager.spawn({ cols: 80, rows: 24 });
    manager.write(pty.id, 'é');
    host.spawned[0]!.emit(Buffer.from([0xc3]));
    expect(seen).toEqual(['0:c3a9', '1:c3']);
  });

  it('coalesces a burst into one message per interval', () => {
    const pty = manager.spawn({ cols: 80, rows: 24 });
    const out = collectingSink();
    manager.attach(pty.id, out.sink);
    host.spawned[0]!.emit('x'); // idle: sent at once for echo latency
    for (let i = 0; i < 100; i++) host.spawned[0]!.emit('y'.repeat(100));
    expect(out.data).toEqual(['x']);
    vi.advanceTimersByTime(5);
    expect(out.data).toHaveLength(2);
    expect(out.data[1]).toHaveLength(10_000);
  });

  it('pauses the pty when the renderer falls behind and resumes on its acks', () => {
    const pty = manager.spawn({ cols: 80, rows: 24 });
    const fake = host.spawned[0]!;
    const out = collectingSink();
    manager.attach(pty.id, out.sink);
    // Past the high watermark, in reads of 64K.
    const reads = Math.ceil(FlowControl.HIGH_WATERMARK_CHARS / (64 * 1024)) + 2;
    for (let i = 0; i < reads; i++) fake.emit('z'.repeat(64 * 1024));
    vi.runAllTimers();
    expect(fake.paused).toBe(true);
    const sent = out.text().length;
    manager.ack(pty.id, sent - FlowControl.LOW_WATERMARK_CHARS, out.sink);
    expect(fake.paused).toBe(true);
    manager.ack(pty.id, 1, out.sink);
    expect(fake.paused).toBe(false);
  });

  it('ignores acks from a renderer that is not attached', () => {
    const pty = manager.spawn({ cols: 80, rows: 24 });
    const fake = host.spawned[0]!;
    const attached = collectingSink();
    const stranger = collectingSink();
    manager.attach(pty.id, attached.sink);
    fake.emit('z'.repeat(FlowControl.HIGH_WATERMARK_CHARS + 1));
    vi.runAllTimers();
    manager.ack(pty.id, 1e9, stranger.sink);
    expect(fake.paused).toBe(true);
  });

  it('keeps running when the renderer goes away, and a new one gets the screen back', async () => {
    const pty = manager.spawn({ cols: 80, rows: 24 });
    const fake = host.spawned[0]!;
    const first = collectingSink();
    void manager.attach(pty.id, first.sink);
    fake.emit('z'.repeat(FlowControl.HIGH_WATERMARK_CHARS + 1));
    vi.runAllTimers();
    expect(fake.paused).toBe(true);
    manager.detachSink(first.sink);
    expect(fake.paused).toBe(false);
    fake.emit('\r\ntail-of-output');
    vi.runAllTimers();
    vi.useRealTimers();
    const snapshot = await manager.attach(pty.id, collectingSink().sink);
    expect(snapshot?.data).toMatch(/tail-of-output/);
    expect(snapshot?.end).toBe(FlowControl.HIGH_WATERMARK_CHARS + 1 + '\r\ntail-of-output'.length);
  });

  // A page reloaded while its start was being answered: its sink is made after its socket closed.
  it('never attaches the sink of a renderer that went away, by attach or by hand-over', async () => {
    const pty = manager.spawn({ cols: 80, rows: 24 });
    const fake = host.spawned[0]!;
    const stand = collectingSink();
    const gone = { ...collectingSink().sink, gone: true };
    void manager.attach(pty.id, gone);
    void manager.attach(pty.id, stand.sink);
    expect(manager.handOver(pty.id, stand.sink, gone, () => undefined)).toBe(true);
    // Nobody holds it back now: a flood past the window does not pause it.
    fake.emit('z'.repeat(FlowControl.HIGH_WATERMARK_CHARS + 1));
    vi.runAllTimers();
    expect(fake.paused).toBe(false);
    expect(manager.handOver(pty.id, gone)).toBe(false);
  });

  it('counts what a hand-over replays against the flow-control window of the renderer it goes to', () => {
    const pty = manager.spawn({ cols: 80, rows: 24 });
    const fake = host.spawned[0]!;
    const stand = collectingSink();
    const page = collectingSink();
    void manager.attach(pty.id, stand.sink);
    const half = Math.ceil(FlowControl.HIGH_WATERMARK_CHARS / 2) + 1;
    fake.emit('a'.repeat(half));
    vi.runAllTimers();
    expect(fake.paused).toBe(false);
    manager.handOver(pty.id, stand.sink, page.sink, () => page.sink.data(pty.id, stand.text(), half));
    fake.emit('b'.repeat(half));
    vi.runAllTimers();
    // The page owes the replay and the new output: past the window, so the pty waits for its acks.
    expect(fake.paused).toBe(true);
    manager.ack(pty.id, 2 * half, page.sink);
    expect(fake.paused).toBe(false);
  });

  it('flushes pending output before reporting exit', () => {
    const pty = manager.spawn({ cols: 80, rows: 24 });
    const fake = host.spawned[0]!;
    const out = collectingSink();
    manager.attach(pty.id, out.sink);
    fake.emit('a');
    fake.emit('last words');
    fake.finish({ exitCode: 3, signal: null });
    expect(out.text()).toBe('alast words');
    expect(out.exits).toEqual([3]);
  });
});

describe('PtyManager input recording', () => {
  it('never passes input typed at a no-echo prompt to observers, but still delivers it', () => {
    const manager = new PtyManager(new FakePtyHost());
    const seen: string[] = [];
    manager.observe({ bytes: (_id, direction, bytes) => direction === 0 && seen.push(bytes.toString()) });
    const pty = manager.spawn({ cols: 80, rows: 24 }) as unknown as { id: string; secretInput: boolean; written: string[] };
    manager.write(pty.id, 'ls\r');
    pty.secretInput = true;
    manager.write(pty.id, 'hunter2\r');
    pty.secretInput = false;
    manager.write(pty.id, 'pwd\r');
    expect(seen).toEqual(['ls\r', 'pwd\r']);
    expect(pty.written).toEqual(['ls\r', 'hunter2\r', 'pwd\r']);
  });
});

describe('PtyManager taps', () => {
  it('lets a tap rewrite output and delivers its marks in stream order', async () => {
    vi.useFakeTimers();
    const host = new FakePtyHost();
    const inputs: string[] = [];
    const manager = new PtyManager(host, () => ({
      output: (bytes) => {
        const text = bytes.toString();
        const at = text.indexOf('|');
        if (at === -1) return { bytes, marks: [] };
        return {
          bytes: Buffer.from(text.replace('|', '')),
          marks: [{ at, mark: { kind: 'prompt', commandId: null, exitCode: null } }],
        };
      },
      input: (bytes) => inputs.push(bytes.toString()),
      end: () => ({ bytes: Buffer.from('!'), marks: [] }),
    }));
    const pty = manager.spawn({ cols: 80, rows: 24 });
    const out = collectingSink();
    manager.attach(pty.id, out.sink);
    host.spawned[0]!.emit('before|after');
    manager.write(pty.id, 'typed');
    host.spawned[0]!.finish({ exitCode: 0, signal: null });
    vi.runAllTimers();
    vi.useRealTimers();
    expect(out.text()).toBe('before<prompt>after!');
    expect(inputs).toEqual(['typed']);
    // A renderer that attaches later gets the mark on the line where it was printed.
    const snapshot = await manager.attach(pty.id, collectingSink().sink);
    expect(snapshot?.data).toContain('beforeafter!');
    expect(snapshot?.marks).toEqual([{ offset: 0, mark: { kind: 'prompt', commandId: null, exitCode: null } }]);
  });
});

describe('PtyManager backpressure from its tap', () => {
  it('pauses while the tap is congested and resumes only when no reason to pause is left', async () => {
    vi.useFakeTimers();
    const host = new FakePtyHost();
    let congested = false;
    const manager = new PtyManager(host, () => ({
      output: (bytes) => ({ bytes, marks: [] }),
      input: () => undefined,
      end: () => ({ bytes: Buffer.alloc(0), marks: [] }),
      congested: () => congested,
    }));
    const pty = manager.spawn({ cols: 80, rows: 24 });
    const fake = host.spawned[0]!;
    const out = collectingSink();
    manager.attach(pty.id, out.sink);

    congested = true;
    fake.emit('x');
    expect(fake.paused).toBe(true);
    // The renderer also falls behind; the store catching up alone must not resume the pty.
    fake.emit('y'.repeat(FlowControl.HIGH_WATERMARK_CHARS + 1));
    vi.runOnlyPendingTimers();
    congested = false;
    vi.advanceTimersByTime(50);
    expect(fake.paused).toBe(true);
    manager.ack(pty.id, out.text().length, out.sink);
    expect(fake.paused).toBe(false);
    vi.useRealTimers();
  });
});

describe('PtyManager closing a terminal', () => {
  it('tells observers once, after its exit, when it is killed; an exit alone does not close it', async () => {
    const host = new FakePtyHost();
    const manager = new PtyManager(host);
    const seen: string[] = [];
    manager.observe({ exited: (id) => seen.push(`exited ${id}`), closed: (id) => seen.push(`closed ${id}`) });
    const running = manager.spawn({ cols: 80, rows: 24 }, 'running');
    const ended = manager.spawn({ cols: 80, rows: 24 }, 'ended');
    host.spawned[1]!.finish({ exitCode: 0, signal: null });
    expect(seen).toEqual(['exited ended']);
    expect(await manager.kill(running.id)).toBe(true);
    expect(await manager.kill(running.id)).toBe(false);
    await manager.kill(ended.id);
    expect(seen).toEqual(['exited ended', 'exited running', 'closed running', 'closed ended']);
    expect(manager.list()).toEqual([]);
  });

  it('tells observers even when the kill itself fails', async () => {
    const host = new FakePtyHost();
    const manager = new PtyManager(host);
    const closed: string[] = [];
    manager.observe({ closed: (id) => closed.push(id) });
    manager.spawn({ cols: 80, rows: 24 }, 'stuck');
    host.spawned[0]!.kill = () => Promise.reject(new Error('EPERM'));
    await expect(manager.kill('stuck')).rejects.toThrow('EPERM');
    expect(closed).toEqual(['stuck']);
  });
});
