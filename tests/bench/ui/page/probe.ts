// SPDX-License-Identifier: MIT
// Injected into both pages of the UI benchmark (Contexterm and the bare xterm.js page): what the
// user sees is read from the DOM renderer's rows, and every time is taken in the page, from the
// input event to the frame that shows its effect, so the driver's round trips never count.

export type Trigger = { readonly kind: 'key'; readonly key: string; readonly ctrl: boolean } | { readonly kind: 'click' };

export interface Watch {
  /** Input event → the frame that showed the prompt again. */
  readonly ms: number;
  /** The longest time between two animation frames meanwhile. */
  readonly maxGapMs: number;
  /** The longest long task (PerformanceObserver `longtask`, > 50 ms) that began meanwhile; 0 if none. */
  readonly longTaskMaxMs: number;
  /** How many long tasks began meanwhile. */
  readonly longTasks: number;
}

/** Every long task the page has run since it loaded (start, duration), trimmed to the last 10,000. */
const longTasks: Array<{ start: number; duration: number }> = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
  if (longTasks.length > 10_000) longTasks.splice(0, longTasks.length - 10_000);
}).observe({ type: 'longtask', buffered: true });

/** The long tasks that began at or after `since`. */
const longTasksSince = (since: number): Pick<Watch, 'longTaskMaxMs' | 'longTasks'> => {
  const recent = longTasks.filter((task) => task.start >= since);
  return { longTaskMaxMs: Math.max(0, ...recent.map((task) => task.duration)), longTasks: recent.length };
};

const rowsOf = (selector: string): Element | null => document.querySelector(selector);

/** The last non-blank row of the terminal `selector` names, as shown. */
const lastRow = (rows: Element | null): string => {
  for (let row = rows?.lastElementChild; row; row = row.previousElementSibling) {
    const text = (row.textContent ?? '').replace(/\u00a0/g, ' ').trimEnd();
    if (text) return text;
  }
  return '';
};

/** Resolves with the time of the first event matching `trigger`, from the moment this is called. */
const onTrigger = (trigger: Trigger): Promise<number> =>
  new Promise((resolve) => {
    const type = trigger.kind === 'key' ? 'keydown' : 'click';
    const listener = (event: Event) => {
      // Case-insensitive: with Ctrl held, browsers report the letter as typed (`c` or `C`).
      if (trigger.kind === 'key') {
        const matches =
          event instanceof KeyboardEvent && event.key.toLowerCase() === trigger.key.toLowerCase() && event.ctrlKey === trigger.ctrl;
        if (!matches) return;
      }
      window.removeEventListener(type, listener, true);
      resolve(performance.now());
    };
    window.addEventListener(type, listener, true);
  });

/**
 * Arms a watch for `line` to be the terminal's last line again after `trigger` (Enter after a
 * command, Ctrl+C, a click on "new tab"). With `fresh`, only a terminal other than the current
 * one counts. Polls once per frame, which also measures the gaps between frames.
 */
const watchLine = async (selector: string, line: string, trigger: Trigger, timeoutMs: number, fresh = false): Promise<Watch> => {
  const before = rowsOf(selector);
  const started = await Promise.race([
    onTrigger(trigger),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${JSON.stringify(trigger)} event`)), timeoutMs)),
  ]);
  return new Promise<Watch>((resolve, reject) => {
    let last = started;
    let maxGapMs = 0;
    const frame = (now: number) => {
      maxGapMs = Math.max(maxGapMs, now - last);
      last = now;
      const rows = rowsOf(selector);
      if ((!fresh || (rows && rows !== before)) && lastRow(rows) === line) {
        const ms = performance.now() - started;
        // One frame later, so the observer has delivered a long task that ended just before.
        return void requestAnimationFrame(() => resolve({ ms, maxGapMs, ...longTasksSince(started) }));
      }
      if (now - started > timeoutMs) return reject(new Error(`timed out; last line: ${lastRow(rows)}`));
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
};

/** Arms a watch for the next keydown's echo: resolves when the last line reads `line`. */
const watchEcho = (selector: string, line: string, timeoutMs: number): Promise<number> =>
  new Promise((resolve, reject) => {
    const rows = rowsOf(selector);
    if (!rows) return reject(new Error(`no terminal at ${selector}`));
    let started: number | undefined;
    const observer = new MutationObserver(() => {
      if (started === undefined || lastRow(rows) !== line) return;
      observer.disconnect();
      resolve(performance.now() - started);
    });
    observer.observe(rows, { childList: true, subtree: true, characterData: true });
    void onTrigger({ kind: 'key', key: line.slice(-1), ctrl: false }).then((at) => (started = at));
    setTimeout(() => {
      observer.disconnect();
      reject(new Error(`no echo of ${line} within ${timeoutMs} ms; last line: ${lastRow(rows)}`));
    }, timeoutMs);
  });

const lastLine = (selector: string): string => lastRow(rowsOf(selector));

/**
 * Watches are armed by one call and collected by another, so the driver sends its input only once
 * the listeners are in place (an evaluate and a key event are not ordered with each other).
 */
const armed = new Map<number, Promise<unknown>>();
let nextId = 0;
const arm = (watch: Promise<unknown>): number => {
  watch.catch(() => undefined);
  armed.set(++nextId, watch);
  return nextId;
};
const collect = (id: number): Promise<unknown> => {
  const watch = armed.get(id);
  armed.delete(id);
  return watch ?? Promise.reject(new Error(`no watch ${id}`));
};

Object.assign(window, {
  __bench: {
    armLine: (selector: string, line: string, trigger: Trigger, timeoutMs: number, fresh?: boolean) =>
      arm(watchLine(selector, line, trigger, timeoutMs, fresh)),
    armEcho: (selector: string, line: string, timeoutMs: number) => arm(watchEcho(selector, line, timeoutMs)),
    collect,
    lastLine,
  },
});
