// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedLlmServer } from '../../fixtures/scripted-llm-server';
import { typeInTerminal, waitForTerminalText } from '../support/app';
import {
  answers,
  ask,
  bodyOf,
  chatRequests,
  contentText,
  openAssistantApp,
  waitForAnswer,
  type AssistantApp,
} from '../support/assistant-page';

let app: AssistantApp;
let llm: ScriptedLlmServer;
let page: Page;

beforeAll(async () => {
  app = await openAssistantApp({ integrated: true });
  ({ llm, page } = app);
  await app.browser.contexts()[0]?.grantPermissions(['clipboard-read', 'clipboard-write']);
});

afterAll(() => app?.close());

describe('answers cite records', () => {
  it('links a cited record that exists, marks a made-up id unverified, and copies the citations as text', async () => {
    await typeInTerminal(page, "sh -c 'echo cite-me-$((2*21)); exit 5'\n");
    await waitForTerminalText(page, /^cite-me-42\s*$/m);
    const item = page.locator('[data-testid="command-item"][data-exit-code="5"]', { hasText: 'cite-me' });
    await item.waitFor();
    const id = (await item.getAttribute('data-command-id'))!;
    const answer = `The script failed with status 5 [cmd:${id}]; a run [cmd:nosuchsession:99] I made up.`;
    llm.enqueue({ kind: 'text', text: answer });
    await ask(page, 'Why did it fail?');
    await waitForAnswer(page, 'I made up.');

    // The request asked for citations and gave the id where the model could see it.
    const body = bodyOf(chatRequests(llm).at(-1)!);
    expect(contentText(body.messages.find((m) => m.role === 'system')?.content)).toContain('[cmd:ID]');
    expect(contentText(body.messages.at(-1)?.content)).toContain(`# id ${id}`);

    const last = answers(page).last();
    const citation = last.getByTestId('answer-citation');
    await expect.poll(() => citation.count()).toBe(1);
    expect(await citation.getAttribute('data-command-id')).toBe(id);
    expect(await last.locator('.citation.unverified').innerText()).toContain('[cmd:nosuchsession:99]');

    await citation.click();
    await page.locator(`[data-testid="output-viewer"][data-command-id="${id}"]`).waitFor();
    await page.keyboard.press('Escape');

    await last.getByTestId('message-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(answer);
  });
});
