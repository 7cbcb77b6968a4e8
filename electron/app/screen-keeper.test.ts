// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { keepScreens, keptScreens, SCREENS_KEY } from './screen-keeper';

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
        return { data: `screen of ${id}`, cols: 80, rows: 24, end: 10, marks: [{ offset: 1, mark: { kind: 'prompt', commandId: null, exitCode: null } }] };
      },
      kv,
    });
    await keeper.flush();
    expect(Object.keys(await keptScreens(kv)).sort()).toEqual(['a', 'b', 'old']);
    expect((await keptScreens(kv)).a).toEqual({ data: 'screen of a', marks: [{ line: 1, mark: { kind: 'prompt', commandId: null, exitCode: null } }] });
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
    expect(await keptScreens(memoryKv({ [SCREENS_KEY]: JSON.stringify({ a: { data: 5 }, b: { data: 'ok', marks: [{ line: 0, mark: { kind: 'evil' } }] } }) }))).toEqual({
      b: { data: 'ok', marks: [] },
    });
  });
});
