// SPDX-License-Identifier: MIT
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';

/**
 * `CT_BENCH_PROFILE=DIR npm run bench:ui` writes a CPU profile of each page's first run of each
 * measure to DIR (open it in Chrome DevTools' Performance panel or summarise it with
 * `node tests/bench/ui/profile-summary.mjs FILE`): where the page's time goes, not a guess.
 * With `CT_BENCH_TRACE=1` as well, a Chromium trace of the same run goes beside it (`.trace.json`:
 * the renderer's tasks, style, layout, paint, GC and the compositor, which a CPU profile does not
 * see); `node tests/bench/ui/trace-summary.mjs FILE.trace.json FILE.cpuprofile` splits it.
 */
const profileDir = process.env.CT_BENCH_PROFILE;
const withTrace = Boolean(process.env.CT_BENCH_TRACE);
const done = new Set<string>();

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8',
  'v8.execute',
  'blink',
  'cc',
  'gpu',
  'toplevel',
].join(',');

/** Ends the trace and returns its events (streamed back: a flood's trace is tens of MB). */
const endTrace = async (cdp: CDPSession): Promise<string> => {
  const complete = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (event) => resolve(event.stream!)));
  await cdp.send('Tracing.end');
  const handle = await complete;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle, size: 1 << 20 });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  return text;
};

export const profiled = async <T>(page: Page, name: string, run: () => Promise<T>): Promise<T> => {
  if (!profileDir || done.has(name)) return run();
  done.add(name);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  if (withTrace) await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReturnAsStream' });
  await cdp.send('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
    if (withTrace) writeFileSync(join(profileDir, `${name}.trace.json`), await endTrace(cdp));
    await cdp.detach();
  }
};
