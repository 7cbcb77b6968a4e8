// SPDX-License-Identifier: MIT
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../fixtures/scripted-llm-server';
import { ask, llmEnv, MODEL, openAssistantApp, waitForAnswer, type AssistantApp } from '../support/assistant-page';
import { closeSettingsDiscarding } from '../support/settings-close';

/** Built at run time so no key-shaped literal sits in the repository. */
const envKey = ['sk', 'e2e', 'env', randomUUID().replace(/-/g, '')].join('-');
const uiKey = ['sk', 'e2e', 'ui', randomUUID().replace(/-/g, '')].join('-');

let app: AssistantApp;
let llm: ScriptedLlmServer;
let keyedLlm: ScriptedLlmServer;
let page: Page;
/** Every WebSocket frame the renderer received, from the first page load on. */
const received: string[] = [];

beforeAll(async () => {
  keyedLlm = await startScriptedLlmServer({ models: ['keyed-model'], apiKey: uiKey });
  app = await openAssistantApp({
    llm: { models: [MODEL], apiKey: envKey },
    env: (scripted) => llmEnv(scripted, { CONTEXTERM_API_KEY: envKey }),
    beforeLoad: (p) => {
      // Closing Settings with unsaved changes asks first; these tests mean to discard them.
      p.on('dialog', (dialog) => void dialog.accept());
      p.on('websocket', (ws) => ws.on('framereceived', (frame) => received.push(String(frame.payload))));
    },
  });
  ({ llm, page } = app);
});

afterAll(async () => {
  await app?.close();
  await keyedLlm?.close();
});

/** Page-side lookups; the test project has no DOM types, so the page's globals are described here. */
interface PageGlobals {
  readonly document: {
    readonly documentElement: { readonly dataset: Record<string, string | undefined> };
    readonly activeElement: { getAttribute(name: string): string | null } | null;
  };
  getComputedStyle(element: unknown): { readonly fontSize: string };
}
const pageTheme = () => page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.dataset.theme);
const focusedTestId = () => page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.getAttribute('data-testid'));

const save = async (expected: RegExp) => {
  await page.getByTestId('settings-save').click();
  await expect.poll(() => page.getByTestId('settings-status').innerText()).toMatch(expected);
};

describe('settings page', () => {
  it('uses keys without ever sending one to the renderer', async () => {
    await page.getByTestId('settings-open').click();
    const envCard = page.locator('[data-testid="provider-card"][data-provider-id="environment"]');
    expect(await envCard.getByTestId('key-state').innerText()).toContain('CONTEXTERM_API_KEY');
    await envCard.getByTestId('provider-test').click();
    await expect.poll(() => envCard.getByTestId('provider-test-result').getAttribute('data-ok'), { timeout: 15_000 }).toBe('true');

    // A second provider whose key is typed into the UI: write-only, then used by the main process.
    await page.getByRole('combobox', { name: 'Kind of provider to add' }).selectOption('openai-compatible');
    await page.getByRole('button', { name: 'Add provider' }).click();
    const card = page.locator('[data-testid="provider-card"][data-provider-id="local"]');
    await card.getByTestId('provider-base-url').fill(keyedLlm.openaiBaseUrl);
    await card.getByTestId('provider-default-model').fill('keyed-model');
    await save(/Saved/);
    await card.getByTestId('provider-key-input').fill(uiKey);
    await card.getByTestId('provider-key-save').click();
    await expect.poll(() => card.getByTestId('key-state').innerText()).toBe('key saved');
    // "key saved" comes with the settings:changed broadcast; the field clears when the invoke answers.
    await expect.poll(() => card.getByTestId('provider-key-input').inputValue()).toBe('');
    await card.getByTestId('provider-test').click();
    await expect.poll(() => card.getByTestId('provider-test-result').getAttribute('data-ok'), { timeout: 15_000 }).toBe('true');
    await closeSettingsDiscarding(page);

    llm.enqueue({ kind: 'text', text: 'Answered with the environment key.' });
    await ask(page, 'Which key?');
    await waitForAnswer(page, 'Answered with the environment key.');
    await page.getByTestId('model-select').selectOption('local/keyed-model');
    keyedLlm.enqueue({ kind: 'text', text: 'Answered with the stored key.' });
    await ask(page, 'And now?');
    await waitForAnswer(page, 'Answered with the stored key.');
    expect(keyedLlm.requests.some((r) => r.headers.authorization === `Bearer ${uiKey}`)).toBe(true);

    await page.reload();
    await page.getByTestId('assistant-input').waitFor();
    await page.getByTestId('settings-open').click();
    await closeSettingsDiscarding(page);
    expect(received.length).toBeGreaterThan(10);
    for (const frame of received) {
      expect(frame).not.toContain(envKey);
      expect(frame).not.toContain(uiKey);
    }
    expect(await page.content()).not.toContain(uiKey);
    await page.getByTestId('model-select').selectOption(`environment/${MODEL}`);
  });

  it('shows bad values inline and saves nothing', async () => {
    await page.getByTestId('settings-open').click();
    const limit = page.getByTestId('model-limit-input');
    const original = await limit.inputValue();
    await limit.fill('lots');
    await page.getByTestId('model-warning-input').fill('3');
    await page.getByTestId('terminal-font-size').fill('2');
    await save(/Nothing saved/);
    expect(await page.getByTestId('field-error').count()).toBeGreaterThanOrEqual(3);
    await closeSettingsDiscarding(page);

    await page.getByTestId('settings-open').click();
    expect(await page.getByTestId('model-limit-input').inputValue()).toBe(original);
    expect(await page.getByTestId('terminal-font-size').inputValue()).not.toBe('2');

    // Checked by the main process (a pattern that cannot compile): still inline, still nothing saved.
    await page.getByTestId('pattern-kind-input').fill('broken');
    await page.getByTestId('pattern-input').fill('(unclosed');
    await page.getByTestId('pattern-add').click();
    await save(/Nothing saved/);
    await expect.poll(() => page.locator('.pattern-list .field-error').count()).toBe(1);
    await closeSettingsDiscarding(page);
  });

  it('applies terminal settings live and keeps them across a reload', async () => {
    await page.getByTestId('settings-open').click();
    await page.getByTestId('terminal-font-size').fill('19');
    await page.getByTestId('terminal-theme').selectOption('light');
    await save(/Saved/);
    await closeSettingsDiscarding(page);
    const fontSize = () =>
      page
        .locator('[data-testid="terminal"] .xterm-rows')
        .evaluate((el) => (globalThis as unknown as PageGlobals).getComputedStyle(el).fontSize);
    await expect.poll(pageTheme).toBe('light');
    await expect.poll(fontSize).toBe('19px');

    await page.reload();
    await page.locator('[data-testid="terminal"] .xterm').waitFor();
    await expect.poll(pageTheme).toBe('light');
    await expect.poll(fontSize).toBe('19px');
    await page.getByTestId('settings-open').click();
    expect(await page.getByTestId('terminal-font-size').inputValue()).toBe('19');
    await page.getByTestId('terminal-theme').selectOption('dark');
    await save(/Saved/);
    await closeSettingsDiscarding(page);
    await expect.poll(pageTheme).toBe('dark');
  });

  it('toggles the pane with Ctrl+Shift+A and remembers its width', async () => {
    await page.locator('[data-testid="terminal"]').click();
    await page.keyboard.press('Control+Shift+KeyA');
    await expect.poll(() => page.getByTestId('assistant-pane').count()).toBe(0);
    await page.keyboard.press('Control+Shift+KeyA');
    await page.getByTestId('assistant-pane').waitFor();
    await expect.poll(focusedTestId).toBe('assistant-input');

    const pane = page.locator('aside.side-pane');
    const before = (await pane.boundingBox())!.width;
    const handle = (await page.getByTestId('pane-resize').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + 200);
    await page.mouse.down();
    await page.mouse.move(handle.x - 100, handle.y + 200, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Math.round((await pane.boundingBox())!.width)).toBe(Math.round(before + 100 + handle.width / 2));
    const resized = Math.round((await pane.boundingBox())!.width);
    await page.reload();
    await page.getByTestId('assistant-input').waitFor();
    expect(Math.round((await pane.boundingBox())!.width)).toBe(resized);
  });
});
