// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { SCREENS_KEY } from '../store/history/kept-screens';
import { keepScreens, keptScreens } from './screen-keeper';

const memoryKv = (initial: Record<string, string> = {}) => {
  const values = new Map(Object.entries(initial));
  return { get: async (key: string) => values.get(key), set: async (key: string, value: string) => void values.set(key, value) };
};

describe('screen keeper', () => {
  it('keeps the screens of keepable terminals, drops one that stops being keepable, and the last run only until released', async () => {
    const kv = memoryKv({ [SCREENS_KEY]: JSON.stringify({ old: { data: 'yesterday', marks: [] } }) });
    let keepable = ['a', 'b'];
    let asked = 0;
    const keeper = keepScreens({
      keepable: () => keepable,
      written: () => 10,
      screen: async (id) => {
        asked++;
        return {
          data: `screen of ${id}`,
          cols: 80,
          rows: 24,
          end: 10,
          marks: [{ offset: 1, mark: { kind: 'prompt', commandId: null, exitCode: null } }],
        };
      },
      kv,
    });
    await keeper.flush();
    expect(Object.keys(await keptScreens(kv)).sort()).toEqual(['a', 'b', 'old']);
    expect((await keptScreens(kv)).a).toEqual({
      data: 'screen of a',
      marks: [{ line: 1, mark: { kind: 'prompt', commandId: null, exitCode: null } }],
    });
    // Nothing printed since: not asked again.
    await keeper.flush();
    expect(asked).toBe(2);
    // Paused or private now (no longer keepable), and the restore has used the last run's.
    keepable = ['a'];
    keeper.release();
    await keeper.flush();
    expect(Object.keys(await keptScreens(kv))).toEqual(['a']);
    keeper.dispose();
  });

  it('reads a damaged value as nothing kept', async () => {
    expect(await keptScreens(memoryKv({ [SCREENS_KEY]: '{not json' }))).toEqual({});
    expect(
      await keptScreens(
        memoryKv({ [SCREENS_KEY]: JSON.stringify({ a: { data: 5 }, b: { data: 'ok', marks: [{ line: 0, mark: { kind: 'evil' } }] } }) }),
      ),
    ).toEqual({
      b: { data: 'ok', marks: [] },
    });
  });

  /** A keeper over ['a', 'b'] whose terminals print between passes, on a kv with the last run's 'old'. */
  const printing = () => {
    const kv = memoryKv({ [SCREENS_KEY]: JSON.stringify({ old: { data: 'yesterday', marks: [] } }) });
    let written = 0;
    const order: string[] = [];
    const keeper = keepScreens({
      keepable: () => ['a', 'b'],
      written: () => written,
      screen: async (id) => ({ data: `screen of ${id}`, cols: 80, rows: 24, end: written, marks: [] }),
      kv: { get: kv.get, set: async (key, value) => (order.push('keep'), kv.set(key, value)) },
    });
    /** What the writer's forget does to the table: drops those sessions' screens, or all. */
    const erase = (screens: { all: boolean; sessionIds: string[] }) => async () => {
      order.push('erase');
      const kept = await keptScreens(kv);
      for (const id of screens.all ? Object.keys(kept) : screens.sessionIds) delete kept[id];
      await kv.set(SCREENS_KEY, JSON.stringify(kept));
      return { screens };
    };
    return { kv, keeper, order, erase, print: () => void written++ };
  };

  it("never keeps again the screens a forget dropped, the last run's included, and never between a pass and its write", async () => {
    const { kv, keeper, order, erase, print } = printing();
    print();
    const pass = keeper.flush();
    // Asked while the pass runs: the erase waits for its write, so the write cannot undo the erase.
    await keeper.forgetting(erase({ all: false, sessionIds: ['a', 'old'] }));
    await pass;
    expect(order.slice(0, 2)).toEqual(['keep', 'erase']);
    expect(Object.keys(await keptScreens(kv)).sort()).toEqual(['b']);
    print();
    await keeper.flush();
    expect(Object.keys(await keptScreens(kv)).sort()).toEqual(['b']);
    keeper.dispose();
  });

  it('drops the screen of a restored terminal that continues a session forgotten from', async () => {
    const { kv, keeper, erase, print } = printing();
    keeper.continues('a', 'old');
    print();
    await keeper.flush();
    await keeper.forgetting(erase({ all: false, sessionIds: ['old'] }));
    expect(Object.keys(await keptScreens(kv)).sort()).toEqual(['b']);
    keeper.dispose();
  });

  it('keeps nothing of the terminals running when a range is forgotten', async () => {
    const { kv, keeper, erase, print } = printing();
    print();
    await keeper.flush();
    await keeper.forgetting(erase({ all: true, sessionIds: [] }));
    print();
    await keeper.flush();
    expect(await keptScreens(kv)).toEqual({});
    keeper.dispose();
  });

  it("drops a paused terminal's screen at once and does not keep it again", async () => {
    const { kv, keeper, print } = printing();
    print();
    await keeper.flush();
    await keeper.unkeep(['a']);
    expect(Object.keys(await keptScreens(kv)).sort()).toEqual(['b', 'old']);
    print();
    await keeper.flush();
    expect(Object.keys(await keptScreens(kv)).sort()).toEqual(['b', 'old']);
    keeper.dispose();
  });

  it('keeps nothing for a closed terminal: a later terminal under the same id starts clean', async () => {
    const kv = memoryKv();
    let keepable: string[] = ['a', 'b'];
    let closed: (id: string) => void = () => undefined;
    const keeper = keepScreens({
      keepable: () => keepable,
      written: () => 1,
      screen: async (id) => ({ data: `screen of ${id}`, cols: 80, rows: 24, end: 1, marks: [] }),
      kv,
      onClosed: (listener) => void (closed = listener),
    });
    // 'a' is paused (never kept again), 'b' shows a session the next forget reaches.
    await keeper.unkeep(['a']);
    keeper.continues('b', 'old');
    keepable = [];
    closed('a');
    closed('b');
    await keeper.forgetting(async () => ({ screens: { all: false, sessionIds: ['old'] } }));
    // Ids are unique in the app; reusing them here shows whether anything was left behind.
    keepable = ['a', 'b'];
    await keeper.flush();
    expect(Object.keys(await keptScreens(kv)).sort()).toEqual(['a', 'b']);
    keeper.dispose();
  });

  // A line kept out of the record (or a pause) while a pass waits for that terminal's snapshot:
  // the snapshot, taken after the line was on screen, must not be written even once.
  it('never writes a screen whose terminal was unkept while its snapshot was on its way', async () => {
    const writes: string[] = [];
    let deliver: (data: string) => void = () => undefined;
    let asked: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    const keeper = keepScreens({
      keepable: () => ['a', 'b'],
      written: () => 1,
      screen: (id) =>
        id === 'a'
          ? new Promise((resolve) => {
              deliver = (data) => resolve({ data, cols: 80, rows: 24, end: 1, marks: [] });
              asked();
            })
          : Promise.resolve({ data: `screen of ${id}`, cols: 80, rows: 24, end: 1, marks: [] }),
      kv: { get: async () => undefined, set: async (_key, value) => void writes.push(value) },
    });
    const pass = keeper.flush();
    await requested;
    const unkept = keeper.unkeep(['a']);
    deliver('$  echo excluded-secret\r\nexcluded-secret');
    await Promise.all([pass, unkept]);
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((value) => value.includes('excluded-secret'))).toEqual([]);
    expect(Object.keys(JSON.parse(writes.at(-1)!) as object)).toEqual(['b']);
    keeper.dispose();
  });
});
