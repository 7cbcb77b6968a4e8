// SPDX-License-Identifier: MIT
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * `CT_BENCH_PROFILE=DIR npm run bench:ui` writes a CPU profile of each page's first run of each
 * measure to DIR (open it in Chrome DevTools' Performance panel or summarise it with
 * `node tests/bench/ui/profile-summary.mjs FILE`): where the page's time goes, not a guess.
 */
const profileDir = process.env.CT_BENCH_PROFILE;
const done = new Set<string>();

export const profiled = async <T>(page: Page, name: string, run: () => Promise<T>): Promise<T> => {
  if (!profileDir || done.has(name)) return run();
  done.add(name);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
  }
};
