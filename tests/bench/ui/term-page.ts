// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';

/** The prompt both pages' bash prints (the benchmark's own ~/.bashrc). */
export const PROMPT = 'bench$';

export type Trigger = { readonly kind: 'key'; readonly key: string; readonly ctrl: boolean } | { readonly kind: 'click' };
export interface Watch {
  readonly ms: number;
  readonly maxGapMs: number;
  readonly longTaskMaxMs: number;
  readonly longTasks: number;
}

/** What the driver calls in the page (tests/bench/ui/page/probe.ts). */
interface Probe {
  armLine(selector: string, line: string, trigger: Trigger, timeoutMs: number, fresh?: boolean): number;
  armEcho(selector: string, line: string, timeoutMs: number): number;
  collect(id: number): Promise<unknown>;
  lastLine(selector: string): string;
}
/**
 * The page's globals as the driver sees them. Functions given to `page.evaluate` are sent as source,
 * so each one reaches these through `globalThis` itself rather than through a helper of this module.
 */
interface PageGlobals {
  readonly __bench: Probe;
  readonly document: { querySelector(selector: string): { textContent: string | null } | null };
}
type G = PageGlobals;

const ENTER: Trigger = { kind: 'key', key: 'Enter', ctrl: false };

/**
 * One page under test, Contexterm or the bare one, driven the same way: `rows` names the DOM
 * renderer's rows of the terminal the user is looking at.
 */
export class TermPage {
  constructor(
    readonly name: string,
    readonly page: Page,
    private readonly _rows: string,
    private readonly _focusTarget: string,
  ) {}

  lastLine(): Promise<string> {
    return this.page.evaluate(([rows]) => (globalThis as unknown as G).__bench.lastLine(rows), [this._rows] as const);
  }

  /** Everything the terminal shows now. */
  text(): Promise<string> {
    return this.page.evaluate(([rows]) => (globalThis as unknown as G).document.querySelector(rows)?.textContent ?? '', [
      this._rows,
    ] as const);
  }

  async focus(): Promise<void> {
    await this.page.locator(this._focusTarget).click();
  }

  /** Waits for the prompt to be the last line (a fresh shell, or after a command). */
  waitPrompt(timeoutMs = 20_000): Promise<void> {
    return this._waitLine(PROMPT, timeoutMs);
  }

  /** Waits for `line` to be the terminal's last line. */
  private async _waitLine(line: string, timeoutMs: number): Promise<void> {
    try {
      await this.page.waitForFunction(
        ([rows, text]) => (globalThis as unknown as G).__bench.lastLine(rows) === text,
        [this._rows, line] as const,
        {
          timeout: timeoutMs,
          polling: 20,
        },
      );
    } catch (error) {
      throw new Error(
        `${this.name}: no ${JSON.stringify(line)} within ${timeoutMs} ms; last line: ${JSON.stringify(await this.lastLine())}`,
        { cause: error },
      );
    }
  }

  /** Waits until the terminal shows text matching `pattern` (e.g. that a flood has begun). */
  async waitText(pattern: RegExp, timeoutMs = 20_000): Promise<void> {
    await this.page.waitForFunction(
      ([rows, source]) => new RegExp(source).test((globalThis as unknown as G).document.querySelector(rows)?.textContent ?? ''),
      [this._rows, pattern.source] as const,
      { timeout: timeoutMs, polling: 50 },
    );
  }

  /** Arms a watch for the prompt to come back after `trigger`, then performs `act`. */
  async timePrompt(trigger: Trigger, act: () => Promise<void>, timeoutMs: number, fresh = false): Promise<Watch> {
    const id = await this.page.evaluate(
      ([rows, prompt, trig, timeout, isFresh]) => (globalThis as unknown as G).__bench.armLine(rows, prompt, trig, timeout, isFresh),
      [this._rows, PROMPT, trigger, timeoutMs, fresh] as const,
    );
    await act();
    return (await this.page.evaluate((watch) => (globalThis as unknown as G).__bench.collect(watch), id)) as Watch;
  }

  /** Runs `command` and returns the time from Enter to the next prompt on screen. */
  async run(command: string, timeoutMs = 300_000): Promise<Watch> {
    await this.page.keyboard.type(command);
    // Enter before the echo arrived would find the old prompt on screen and measure nothing.
    await this._waitLine(`${PROMPT} ${command}`, 20_000);
    return this.timePrompt(ENTER, () => this.page.keyboard.press('Enter'), timeoutMs);
  }

  /** Types `count` letters at an idle prompt, one at a time, each timed from keydown to echo on screen. */
  async echoes(count: number): Promise<number[]> {
    const times: number[] = [];
    let typed = '';
    for (let index = 0; index < count; index++) {
      if (typed.length === 12) {
        await this.page.keyboard.press('Control+u');
        await this.waitPrompt();
        typed = '';
      }
      const key = String.fromCharCode(97 + (index % 26));
      typed += key;
      const id = await this.page.evaluate(
        // 30 s, not 10: two CI runs saw the page stall for longer than 10 s while `yes` flooded a
        // hidden tab (unexplained so far, see docs/benchmarks.md); a stall is now measured
        // (`echo_load_max_ms`) rather than ending the suite. A lost key still fails it.
        ([rows, line]) => (globalThis as unknown as G).__bench.armEcho(rows, line, 30_000),
        [this._rows, `${PROMPT} ${typed}`] as const,
      );
      await this.page.keyboard.press(key);
      times.push((await this.page.evaluate((watch) => (globalThis as unknown as G).__bench.collect(watch), id)) as number);
    }
    await this.page.keyboard.press('Control+u');
    await this.waitPrompt();
    return times;
  }
}
