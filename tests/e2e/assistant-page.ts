// SPDX-License-Identifier: MIT
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { startScriptedLlmServer, type RecordedRequest, type ScriptedLlmServer } from '../fixtures/scripted-llm-server';
import { launchBrowser, openPage, startServer, type AppServer, type PageOptions } from './app';

/** The model the scripted server stands in for (CONTEXTERM_MODEL in these tests). */
export const MODEL = 'scripted-model';

export const llmEnv = (llm: ScriptedLlmServer, extra: Record<string, string> = {}): Record<string, string> => ({
  CONTEXTERM_PROVIDER: 'openai-compatible',
  CONTEXTERM_BASE_URL: llm.openaiBaseUrl,
  CONTEXTERM_MODEL: MODEL,
  PS1: 'ct$ ',
  ...extra,
});

export const messages = (page: Page, role?: 'user' | 'assistant'): Locator =>
  page.locator(role ? `[data-testid="assistant-message"][data-role="${role}"]` : '[data-testid="assistant-message"]');

/** Stored (not streaming) answers. */
export const answers = (page: Page): Locator => page.locator('[data-testid="assistant-message"][data-role="assistant"]:not([data-streaming])');

/** Types a question into the composer and sends it with Enter. */
export const ask = async (page: Page, question: string): Promise<void> => {
  const input = page.getByTestId('assistant-input');
  await input.fill(question);
  await input.press('Enter');
};

export const waitForAnswer = async (page: Page, text: string, timeout = 20_000): Promise<void> => {
  await expect.poll(async () => (await answers(page).allInnerTexts()).some((t) => t.includes(text)), { timeout }).toBe(true);
};

/** Chat requests only (not model listing), as the scripted server received them. */
export const chatRequests = (llm: ScriptedLlmServer): RecordedRequest[] => llm.requests.filter((r) => r.protocol === 'openai' || r.protocol === 'anthropic');

export const waitForChatRequests = async (llm: ScriptedLlmServer, count: number): Promise<RecordedRequest[]> => {
  await expect.poll(() => chatRequests(llm).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return chatRequests(llm);
};

export interface OpenAIBody {
  readonly model: string;
  readonly messages: ReadonlyArray<{ role: string; content: unknown; tool_call_id?: string }>;
  readonly tools?: ReadonlyArray<{ function: { name: string } }>;
}

export const bodyOf = (request: RecordedRequest): OpenAIBody => request.body as OpenAIBody;

export const contentText = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((p: { text?: string }) => p.text ?? '').join('') : '';

export interface UsageReading {
  readonly tokens: number;
  readonly limit: string;
  readonly budget: string;
  readonly percent: string;
}

export const usage = async (page: Page): Promise<UsageReading> => {
  const meter = page.getByTestId('context-usage');
  return {
    tokens: Number(await meter.getAttribute('data-tokens')),
    limit: (await meter.getAttribute('data-limit')) ?? '',
    budget: (await meter.getAttribute('data-budget')) ?? '',
    percent: (await meter.getAttribute('data-percent')) ?? '',
  };
};

/** Opens settings, sets the selected model's limits, saves and closes. */
export const setModelLimits = async (
  page: Page,
  limits: { limit?: string; warning?: string; compaction?: 'summarize' | 'truncate-oldest'; reserved?: string; autoCompact?: boolean },
): Promise<void> => {
  await page.getByTestId('settings-open').click();
  if (limits.limit !== undefined) await page.getByTestId('model-limit-input').fill(limits.limit);
  if (limits.warning !== undefined) await page.getByTestId('model-warning-input').fill(limits.warning);
  if (limits.compaction !== undefined) await page.getByTestId('model-compaction-select').selectOption(limits.compaction);
  if (limits.reserved !== undefined) await page.getByTestId('model-reserved-input').fill(limits.reserved);
  if (limits.autoCompact !== undefined) await page.getByTestId('model-auto-compact').setChecked(limits.autoCompact);
  await page.getByTestId('settings-save').click();
  await expect.poll(() => page.getByTestId('settings-status').innerText()).toMatch(/Saved|No changes/);
  await page.getByTestId('settings-close').click();
};

/** Clicks the recorded command whose line contains `text` (attaching it) once it has finished. */
export const attachCommand = async (page: Page, text: string): Promise<string> => {
  const item = page.locator('[data-testid="command-item"]', { hasText: text }).last();
  await expect.poll(() => item.getAttribute('data-exit-code'), { timeout: 15_000 }).not.toBe('');
  const id = (await item.getAttribute('data-command-id'))!;
  await item.click();
  await expect.poll(() => page.locator(`[data-testid="attachment-chip"][data-command-id="${id}"]`).count()).toBe(1);
  return id;
};

export interface AssistantApp {
  readonly llm: ScriptedLlmServer;
  readonly server: AppServer;
  readonly browser: Browser;
  readonly page: Page;
  close(): Promise<void>;
}

/**
 * Browser mode wired to a scripted OpenAI-compatible server, in Chromium, with the terminal and the
 * assistant's question box ready (and, when asked for, shell integration reporting).
 */
export const openAssistantApp = async (
  options: Pick<PageOptions, 'integrated' | 'beforeLoad'> = {},
): Promise<AssistantApp> => {
  const llm = await startScriptedLlmServer({ models: [MODEL] });
  const server = await startServer({ env: llmEnv(llm) });
  const browser = await launchBrowser();
  const page = await openPage(browser, server.url, { ...options, viewport: { width: 1400, height: 900 }, terminalTimeoutMs: 60_000 });
  await page.getByTestId('assistant-input').waitFor();
  return {
    llm,
    server,
    browser,
    page,
    close: async () => {
      await browser.close();
      await server.stop();
      await llm.close();
    },
  };
};
