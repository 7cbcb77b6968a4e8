// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeInTerminal, waitForTerminalText } from '../support/app';
import { ask, type AssistantApp, attachCommand, openAssistantApp, waitForAnswer } from '../support/assistant-page';

let app: AssistantApp;
let page: Page;

beforeAll(async () => {
  app = await openAssistantApp({ integrated: true });
  page = app.page;
});

afterAll(() => app?.close());

const occurrences = (text: string, word: RegExp) => text.match(new RegExp(word.source, 'g'))?.length ?? 0;

describe('assistant turns in the pane', () => {
  it('clears the attached command’s highlight in the Commands list once the question is sent', async () => {
    await typeInTerminal(page, 'echo highlight-$((2*21))\n');
    await waitForTerminalText(page, /^highlight-42\s*$/m);
    const id = await attachCommand(page, 'echo highlight');
    const item = page.locator(`[data-testid="command-item"][data-command-id="${id}"]`);
    expect(await item.getAttribute('aria-selected')).toBe('true');

    app.llm.enqueue({ kind: 'text', text: 'It printed highlight-42.' });
    await ask(page, 'What did it print?');
    await waitForAnswer(page, 'It printed highlight-42.');
    await expect.poll(() => page.getByTestId('attachment-chip').count()).toBe(0);
    await expect.poll(() => item.getAttribute('aria-selected')).toBe('false');
    expect(await page.locator('.command-item.selected').count()).toBe(0);
  });

  it('says once that a stopped answer was stopped', async () => {
    const words = Array.from({ length: 60 }, (_, i) => `slow${i}`).join(' ');
    app.llm.enqueue({ kind: 'text', text: `${words} FINAL-WORD`, chunkDelayMs: 250 });
    await ask(page, 'Tell me slowly.');
    const streaming = page.locator('[data-testid="assistant-message"][data-streaming="true"]');
    await expect.poll(() => streaming.innerText(), { timeout: 15_000 }).toContain('slow3');
    await page.getByTestId('assistant-stop').click();
    await expect.poll(() => page.getByTestId('assistant-error').getAttribute('data-kind'), { timeout: 10_000 }).toBe('cancelled');
    await expect.poll(() => streaming.count()).toBe(0);

    const conversation = await page.locator('.message-list').innerText();
    expect(conversation).toContain('slow3');
    expect(occurrences(conversation, /Stopped/)).toBe(1);
    expect(occurrences(conversation, /Cancelled/)).toBe(0);
  });
});
