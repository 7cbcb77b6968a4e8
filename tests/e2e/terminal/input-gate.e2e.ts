// SPDX-License-Identifier: MIT
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { terminalText, typeInTerminal, waitForTerminalText } from '../support/app';
import { answers, ask, openAssistantApp, type AssistantApp } from '../support/assistant-page';

/**
 * The input gate (issue 38) in real Chromium with a real bash. A line holding `ESC[201~`, a CR and
 * `touch canary` is put at the prompt by a quick fix, by Ctrl+R → Enter, by a code block's Insert
 * and by a clipboard paste. Before the gate, xterm.js bracketed the text but left its ESC, so the
 * text closed the bracket itself and the CR ran `touch canary`. Now the gate removes the controls,
 * shows the two lines and asks, types them inside one bracketed paste, and says in the status line
 * that the text was changed: `canary` is never created. A several-line Ctrl+I answer is shown whole,
 * first line in view, and inserted only once its last line was seen.
 */

let app: AssistantApp;
let page: Page;
let dir: string;
let canary: string;
let markers = 0;

const FORGED_TAIL = '\x1b[201~\rtouch canary\r#';

const items = (): Locator => page.getByTestId('command-item');
const notice = (): Locator => page.getByTestId('insert-notice');

/** Runs a line typed at the prompt (`type` types it) and waits for its finished row; returns that row. */
const run = async (type: () => Promise<void>): Promise<Locator> => {
  const before = await items().count();
  await type();
  await expect.poll(() => items().count(), { timeout: 30_000 }).toBe(before + 1);
  const item = items().nth(before);
  await expect.poll(() => item.getAttribute('data-exit-code'), { timeout: 30_000 }).not.toBe('');
  return item;
};

/** readline's quoted insert (Ctrl+V): the next key goes into the line as it is, ESC and CR included. */
const quoted = async (key: 'Escape' | 'Enter'): Promise<void> => {
  await page.keyboard.press('Control+V');
  await page.keyboard.press(key);
};

/** Types `HEAD # ESC[201~ CR touch canary CR #` (the comment keeps bash from running the tail) and runs it. */
const runForged = (head: string): Promise<Locator> =>
  run(async () => {
    await typeInTerminal(page, `${head} # `);
    await quoted('Escape');
    await page.keyboard.type('[201~');
    await quoted('Enter');
    await page.keyboard.type('touch canary');
    await quoted('Enter');
    await page.keyboard.type('#\r');
  });

/**
 * After an insertion was asked for: the gate asks first (the text has two lines), and nothing ran
 * meanwhile. Before the gate the forged line ran at once (or, for a code block, on its Insert).
 */
const confirmInsertion = async (): Promise<void> => {
  const dialog = page.getByTestId('insert-confirm');
  await expect.poll(async () => existsSync(canary) || (await dialog.count()) > 0, { timeout: 20_000 }).toBe(true);
  expect(existsSync(canary), 'the forged line ran before any confirmation').toBe(false);
  await dialog.click();
  await expect.poll(async () => existsSync(canary) || (await notice().count()) > 0, { timeout: 20_000 }).toBe(true);
  expect(existsSync(canary), 'the forged line ran once inserted').toBe(false);
};

/** Drops what is typed at the prompt (Ctrl+C) and waits for a marker command's output there. */
const freshPrompt = async (): Promise<void> => {
  await page.locator('[data-testid="terminal"]').click();
  await page.keyboard.press('Control+c');
  const marker = `gate-marker-${++markers}`;
  await run(() => typeInTerminal(page, `cd ${dir}; echo ${marker}-$((1+1))\r`));
  await waitForTerminalText(page, new RegExp(`^${marker}-2\\s*$`, 'm'));
};

/**
 * The text sits at the prompt, unrun, and the status line says it was changed. Then the line is
 * dropped (Ctrl+C) and a marker runs: had anything of the insertion run, `canary` would exist by the
 * time the marker's output is shown.
 */
const expectInert = async (): Promise<void> => {
  expect(await notice().innerText()).toMatch(/changed: removed 1 control character \(␛\)/);
  // Three lines in the shell's editor (the CRs became line breaks), the ESC gone, nothing run.
  await waitForTerminalText(page, / \[201~\ntouch canary\n#\s*$/);
  await freshPrompt();
  expect(existsSync(canary), 'the forged line ran').toBe(false);
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ct-gate-'));
  canary = join(dir, 'canary');
  app = await openAssistantApp({ integrated: true });
  page = app.page;
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the input gate: a line that ends the bracketed paste itself is never run', () => {
  // Each path on its own: a canary left by an earlier one must not fail (or pass) the next.
  beforeEach(() => rmSync(canary, { force: true }));

  it('through a quick fix', async () => {
    await freshPrompt();
    // `printf %d x` fails (not a number); `printf %s x` works: the second is learned as the fix.
    await runForged('printf %d x');
    await runForged('printf %s x');
    const failed = await runForged('printf %d x');
    expect(await failed.getAttribute('data-exit-code')).toBe('1');
    expect(existsSync(canary), 'running the forged lines themselves touched nothing').toBe(false);
    await failed.getByTestId('quick-fix').click();
    const fix = page.locator('[data-testid="quick-fix-menu"][data-state="ready"] [data-testid="quick-fix-item"]').first();
    expect(await fix.getAttribute('data-command')).toBe(`printf %s x # ${FORGED_TAIL}`);
    await fix.click();
    await confirmInsertion();
    await expectInert();
  });

  it('through Ctrl+R and Enter', async () => {
    await freshPrompt();
    await runForged('printf %s from-history');
    await page.locator('[data-testid="terminal"]').click();
    await page.keyboard.press('Control+r');
    await page.getByTestId('history-search').fill('from-history');
    const first = page.getByTestId('history-result').first();
    await expect.poll(async () => ((await first.count()) > 0 ? first.innerText() : ''), { timeout: 15_000 }).toContain('from-history');
    await page.getByTestId('history-search').press('Enter');
    await confirmInsertion();
    await expectInert();
  });

  it('through Insert on an answer’s code block', async () => {
    await freshPrompt();
    app.llm.enqueue({ kind: 'text', text: `Try:\n\n\`\`\`sh\necho from-answer ${FORGED_TAIL}\n\`\`\`\n` });
    await ask(page, 'how do I fix it?');
    await expect.poll(() => answers(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await answers(page).last().getByRole('button', { name: 'Insert into terminal' }).click();
    await confirmInsertion();
    await expectInert();
  });

  it('through a clipboard paste', async () => {
    await freshPrompt();
    await page.locator('[data-testid="terminal"]').click();
    await page.locator('[data-testid="terminal"] textarea').evaluate((textarea, text) => {
      // The page's own paste event, as a Ctrl+Shift+V or a middle click gives it (headless Chromium has no clipboard to read).
      const scope = globalThis as unknown as {
        DataTransfer: new () => { setData(type: string, data: string): void };
        ClipboardEvent: new (type: string, init: Record<string, unknown>) => unknown;
      };
      const data = new scope.DataTransfer();
      data.setData('text/plain', text);
      (textarea as unknown as { dispatchEvent(event: unknown): boolean }).dispatchEvent(
        new scope.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, `echo pasted ${FORGED_TAIL}`);
    await confirmInsertion();
    await expectInert();
  });

  it('through a drop of text on the terminal', async () => {
    await freshPrompt();
    await page.locator('[data-testid="terminal"] .xterm').evaluate((element, text) => {
      const scope = globalThis as unknown as {
        DataTransfer: new () => { setData(type: string, data: string): void };
        DragEvent: new (type: string, init: Record<string, unknown>) => unknown;
      };
      const data = new scope.DataTransfer();
      data.setData('text/plain', text);
      const target = element as unknown as { dispatchEvent(event: unknown): boolean };
      target.dispatchEvent(new scope.DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      target.dispatchEvent(new scope.DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, `echo dropped ${FORGED_TAIL}`);
    await confirmInsertion();
    await expectInert();
  });

  it('shows a several-line Ctrl+I answer whole, first line in view, and inserts it only once every line was seen', async () => {
    await freshPrompt();
    // Issue 38: a payload line, 90 comment lines, then `ls -la`: the terminal showed only the last lines.
    const answer = ['touch canary', ...Array.from({ length: 90 }, (_, i) => `# harmless note ${i}`), 'ls -la'].join('\n');
    app.llm.enqueue({ kind: 'text', text: `\`\`\`bash\n${answer}\n\`\`\`` });
    await page.locator('[data-testid="terminal"] .xterm').click();
    await page.keyboard.press('Control+KeyI');
    await page.getByTestId('inline-ask-input').fill('list the files');
    await page.getByTestId('inline-ask-input').press('Enter');
    const dialog = page.getByTestId('insert-dialog');
    // Before the gate the lines went straight to the prompt (bash then redraws its last ones).
    await expect
      .poll(async () => (await dialog.count()) > 0 || /harmless note/.test(await terminalText(page)), { timeout: 20_000 })
      .toBe(true);
    expect(await dialog.count(), 'the answer went to the prompt without being shown whole').toBe(1);
    expect(await dialog.getAttribute('data-lines')).toBe('92');
    const preview = page.getByTestId('insert-preview');
    expect(await preview.evaluate((el) => (el as unknown as { scrollTop: number }).scrollTop)).toBe(0);
    expect((await preview.innerText()).split('\n')[0]).toBe('touch canary');
    const insert = page.getByTestId('insert-confirm');
    expect(await insert.isDisabled(), 'Insert before the last line was seen').toBe(true);
    await preview.evaluate((el) => {
      const box = el as unknown as { scrollTop: number; scrollHeight: number };
      box.scrollTop = box.scrollHeight;
    });
    await expect.poll(() => insert.isDisabled()).toBe(false);
    await insert.click();
    // At the prompt, unrun (bash redraws a long several-line edit as it likes: only its text is checked).
    await waitForTerminalText(page, /ls -la/);
    await freshPrompt();
    expect(existsSync(canary), 'the payload line ran').toBe(false);
  });
});
