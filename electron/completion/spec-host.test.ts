// SPDX-License-Identifier: MIT
import { afterAll, describe, expect, it } from 'vitest';
import { SpecHost } from './spec-host';

const logged: string[] = [];
const host = new SpecHost((message) => logged.push(message));

afterAll(() => host.dispose());

describe('the spec worker', () => {
  it("walks git's spec off main's thread: `git ch` gives checkout and cherry-pick", async () => {
    const answer = await host.walk('git', [], 'ch');
    expect(answer?.items.map((item) => item.text)).toEqual(expect.arrayContaining(['checkout', 'cherry-pick']));
  }, 60_000);

  it('says when a program has no spec, and lists programs by prefix', async () => {
    expect(await host.walk('no-such-program-xyz', [], '')).toBeUndefined();
    expect(await host.programs('gi')).toEqual(expect.arrayContaining(['git']));
    expect(logged).toEqual([]);
  }, 60_000);

  it('answers again after being stopped (a new worker starts)', async () => {
    host.dispose();
    expect((await host.walk('git', ['checkout'], '-'))?.items.map((item) => item.text)).toContain('--quiet');
  }, 60_000);
});
