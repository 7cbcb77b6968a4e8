// SPDX-License-Identifier: MIT
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  startScriptedLlmServer,
  type RecordedRequest,
  type ScriptedLlmServer,
  type ScriptedServerOptions,
} from '../../fixtures/scripted-llm-server';
import { openApp, type OpenApp, type PageOptions } from './app';

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
export const answers = (page: Page): Locator =>
  page.locator('[data-testid="assistant-message"][data-role="assistant"]:not([data-streaming])');

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
export const chatRequests = (llm: ScriptedLlmServer): RecordedRequest[] =>
  llm.requests.filter((r) => r.protocol === 'openai' || r.protocol === 'anthropic');

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

export interface AssistantApp extends OpenApp {
  readonly llm: ScriptedLlmServer;
}

export interface AssistantAppOptions extends Pick<PageOptions, 'integrated' | 'beforeLoad'> {
  /** The scripted server's models and key: MODEL alone and no key unless given. */
  readonly llm?: ScriptedServerOptions;
  /** The host's environment for the scripted server: llmEnv's (OpenAI-compatible) unless given. */
  readonly env?: (llm: ScriptedLlmServer) => Record<string, string>;
}

/**
 * Browser mode wired to a scripted model server, in Chromium, with the terminal and the assistant's
 * question box ready (and, when asked for, shell integration reporting). Closing it stops the
 * scripted server too; a set-up that fails stops what it started.
 */
export const openAssistantApp = async (options: AssistantAppOptions = {}): Promise<AssistantApp> => {
  const llm = await startScriptedLlmServer(options.llm ?? { models: [MODEL] });
  let app: OpenApp | undefined;
  try {
    app = await openApp({
      server: { env: (options.env ?? llmEnv)(llm) },
      integrated: options.integrated ?? false,
      ...(options.beforeLoad ? { beforeLoad: options.beforeLoad } : {}),
      viewport: { width: 1400, height: 900 },
      terminalTimeoutMs: 60_000,
    });
    await app.page.getByTestId('assistant-input').waitFor();
  } catch (error) {
    await app?.close();
    await llm.close();
    throw error;
  }
  const opened = app;
  return {
    llm,
    get server() {
      return opened.server;
    },
    browser: opened.browser,
    page: opened.page,
    restart: () => opened.restart(),
    close: async () => {
      const code = await opened.close();
      await llm.close();
      return code;
    },
  };
};
