// SPDX-License-Identifier: MIT
import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretCases } from '../../fixtures/secret-corpus';
import type { ScriptedLlmServer } from '../../fixtures/scripted-llm-server';
import { typeInTerminal, waitForTerminalText } from '../support/app';
import {
  answers,
  ask,
  attachCommand,
  bodyOf,
  chatRequests,
  contentText,
  messages,
  MODEL,
  openAssistantApp,
  setModelLimits,
  usage,
  waitForAnswer,
  waitForChatRequests,
  type AssistantApp,
} from '../support/assistant-page';

let app: AssistantApp;
let llm: ScriptedLlmServer;
let page: Page;

/** bash -l reads /etc/profile, which may set its own PS1: accept any usual prompt ending. */
const PROMPT = /[$#%>]\s*$/m;

beforeAll(async () => {
  app = await openAssistantApp({
    // Renderer errors are part of a failure's story.
    beforeLoad: (p) => {
      p.on('pageerror', (error) => console.error('[pageerror]', error.message));
      p.on('console', (message) => message.type() === 'error' && console.error('[console]', message.text()));
    },
  });
  ({ llm, page } = app);
  await waitForTerminalText(page, PROMPT, 30_000);
});

afterAll(() => app?.close());

/** A long answer (~600 tokens) so a few turns overflow a small context limit. */
const longAnswer = (n: number) => `Answer ${n}: ${Array.from({ length: 300 }, (_, i) => `word${n}x${i}`).join(' ')}`;

/** Token estimates may be recalibrated between readings; restored means within 2 %. */
const nearly = (tokens: number, expected: number) => Math.abs(tokens - expected) <= Math.max(2, expected * 0.02);

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('assistant pane against a scripted OpenAI-compatible server', () => {
  it('asks with an attached command and streams the answer; the request holds question, output and recent commands', async () => {
    await typeInTerminal(page, 'echo marker-$((6*7))\n');
    await waitForTerminalText(page, /^marker-42\s*$/m);
    await typeInTerminal(page, "sh -c 'seq 1 40 | sed s/^/row-/; exit 3'\n");
    await waitForTerminalText(page, /^row-40\s*$/m);
    await attachCommand(page, 'seq 1 40');
    expect(await page.getByTestId('attachment-chip').innerText()).toContain("sh -c 'seq 1 40");

    const text = 'The script printed forty rows and then exited with status three, which the shell reports as a failure.';
    llm.enqueue({ kind: 'text', text, chunkDelayMs: 120 });
    await ask(page, 'Why did the row script fail?');
    await expect.poll(() => messages(page, 'user').last().innerText()).toContain('Why did the row script fail?');
    await page.getByTestId('assistant-progress').waitFor({ timeout: 10_000 });
    await waitForAnswer(page, 'reports as a failure.');
    await expect.poll(() => page.getByTestId('attachment-chip').count()).toBe(0);

    const [request] = await waitForChatRequests(llm, 1);
    const body = bodyOf(request!);
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.stream).toBe(true);
    expect(body.model).toBe(MODEL);
    expect(body.tools?.map((t) => t.function.name)).toContain('get_commands');
    const sent = body.messages.map((m) => contentText(m.content)).join('\n');
    expect(sent).toContain('Why did the row script fail?');
    for (const row of ['row-1', 'row-20', 'row-40']) expect(sent).toMatch(new RegExp(`${row}\\b`));
    expect(sent).toContain('echo marker-$((6*7))');
  });

  it('shows a get_commands tool call and sends its result back to the model', async () => {
    const id = await page.locator('[data-testid="command-item"]', { hasText: 'echo marker' }).last().getAttribute('data-command-id');
    const before = chatRequests(llm).length;
    llm.enqueue(
      { kind: 'tool-calls', calls: [{ name: 'get_commands', arguments: { command_ids: [id] } }] },
      { kind: 'text', text: 'The marker command printed marker-42.' },
    );
    await ask(page, 'What did the marker command print?');
    await waitForAnswer(page, 'printed marker-42.');
    const call = answers(page).last().locator('[data-testid="tool-call"]');
    await expect.poll(() => call.getAttribute('data-tool-name')).toBe('get_commands');
    await expect.poll(() => call.getAttribute('data-status')).toBe('done');

    const requests = await waitForChatRequests(llm, before + 2);
    const second = bodyOf(requests[before + 1]!);
    const tool = second.messages.find((m) => m.role === 'tool');
    expect(tool).toBeDefined();
    expect(contentText(tool!.content)).toContain('marker-42');
  });

  it('shows in the inspector exactly what the server then receives', async () => {
    await attachCommand(page, 'seq 1 40');
    await page.getByTestId('assistant-input').fill('Inspect me: what is row-7?');
    await page.getByTestId('inspect-context').click();
    const inspector = page.getByTestId('context-inspector');
    const sectionText = (id: string) => inspector.locator(`[data-section-id="${id}"] [data-testid="inspector-section-text"]`);
    await expect.poll(() => sectionText('question').innerText(), { timeout: 10_000 }).toBe('Inspect me: what is row-7?');
    const system = await sectionText('system').innerText();
    const pinned = await sectionText('pinned').innerText();
    expect(pinned).toContain('row-7');
    await inspector.getByRole('button', { name: 'Close the inspector' }).click();

    const before = chatRequests(llm).length;
    llm.enqueue({ kind: 'text', text: 'Row seven is row-7.' });
    await page.getByTestId('assistant-send').click();
    await waitForAnswer(page, 'Row seven is row-7.');
    const body = bodyOf((await waitForChatRequests(llm, before + 1))[before]!);
    expect(contentText(body.messages[0]!.content)).toBe(system);
    const user = contentText(body.messages.at(-1)!.content);
    expect(user).toContain(pinned);
    expect(user.endsWith('Inspect me: what is row-7?')).toBe(true);
  });

  it('updates the usage meter for a limit set in settings, and warns at the threshold', async () => {
    const start = await usage(page);
    expect(start.tokens).toBeGreaterThan(0);
    await setModelLimits(page, { limit: '8000', warning: '0.9' });
    await expect.poll(async () => (await usage(page)).limit).toBe('8000');
    const limited = await usage(page);
    // Against the budget a request may use (8000 × 0.8 − the answer's reserve), drawn on the bar.
    expect(Number(limited.budget)).toBeLessThan(8000 * 0.8);
    expect(Number(limited.percent)).toBeCloseTo((limited.tokens / Number(limited.budget)) * 100, 0);
    await page.getByTestId('usage-budget-mark').waitFor({ state: 'attached' });
    await expect.poll(() => page.getByTestId('context-warning').count()).toBe(0);

    // A threshold just under the current usage must raise the warning; the maximum must clear it.
    const threshold = Math.max(0.05, Math.floor(Number(limited.percent) * 0.8) / 100).toFixed(2);
    await setModelLimits(page, { warning: threshold });
    await page.getByTestId('context-warning').waitFor({ timeout: 10_000 });
    await setModelLimits(page, { warning: '1' });
    await expect.poll(() => page.getByTestId('context-warning').count()).toBe(0);
  });

  it('compacts by truncating the oldest messages, lowering usage, and undo restores it', async () => {
    // Manual compaction is what this test is about: automatic compaction (on under 16K) is turned off.
    await setModelLimits(page, { limit: '2000', warning: '0.8', compaction: 'truncate-oldest', autoCompact: false });
    await expect.poll(async () => (await usage(page)).limit).toBe('2000');
    for (const n of [1, 2, 3]) {
      llm.enqueue({ kind: 'text', text: longAnswer(n) });
      await ask(page, `Long question ${n}`);
      await waitForAnswer(page, `word${n}x299`);
    }
    // The meter refreshes shortly after each answer: read it once it counts every message shown.
    const shown = await page
      .locator('[data-testid="assistant-message"]:not([data-compacted]):not([data-streaming]):not([data-error])')
      .count();
    await expect.poll(() => page.getByTestId('context-usage').getAttribute('data-messages'), { timeout: 10_000 }).toBe(String(shown));
    await expect.poll(async () => Number((await usage(page)).percent), { timeout: 10_000 }).toBeGreaterThan(80);
    await page.getByTestId('context-warning').waitFor();
    // The meter, the warning and the inspector agree: what the request leaves out is named.
    const reading = await usage(page);
    if (Number(reading.percent) >= 100) {
      await expect.poll(() => page.getByTestId('context-warning').getAttribute('data-left-out')).toContain('older messages');
    }
    const before = reading.tokens;

    await page.getByTestId('compact-button').click();
    await expect.poll(() => page.getByTestId('compaction-result').getAttribute('data-mode'), { timeout: 15_000 }).toBe('truncate-oldest');
    await expect.poll(async () => (await usage(page)).tokens).toBeLessThan(before);

    const after = (await usage(page)).tokens;
    await page.getByTestId('undo-compaction').click();
    await expect.poll(async () => (await usage(page)).tokens, { timeout: 10_000 }).toBeGreaterThan(after);
    const restored = (await usage(page)).tokens;
    expect(nearly(restored, before), `restored ${restored}, before ${before}, compacted ${after}`).toBe(true);
  });

  it('compacts by summarizing with the model, and undo restores it', async () => {
    // Without a limit the whole older transcript fits one summary request (a small window folds it in chunks).
    await setModelLimits(page, { limit: '', compaction: 'summarize' });
    await expect.poll(async () => (await usage(page)).limit).toBe('');
    const before = (await usage(page)).tokens;
    const requests = chatRequests(llm).length;
    llm.enqueue({ kind: 'text', text: 'Summary: the user asked three long questions about words.' });
    await page.getByTestId('compact-button').click();
    await expect.poll(() => page.getByTestId('compaction-result').getAttribute('data-mode'), { timeout: 30_000 }).toBe('summarize');
    expect(chatRequests(llm).length).toBe(requests + 1);
    await expect.poll(async () => (await usage(page)).tokens).toBeLessThan(before);
    expect(await page.getByTestId('compaction-result').innerText()).toContain('Summary: the user asked three long questions');

    const after = (await usage(page)).tokens;
    await page.getByTestId('undo-compaction').click();
    await expect.poll(async () => (await usage(page)).tokens, { timeout: 10_000 }).toBeGreaterThan(after);
    const restored = (await usage(page)).tokens;
    expect(nearly(restored, before), `restored ${restored}, before ${before}, compacted ${after}`).toBe(true);
  });

  it('clears the context but keeps the conversation', async () => {
    const title = await page.getByTestId('conversation-menu').innerText();
    const count = await messages(page).count();
    const before = (await usage(page)).tokens;
    await page.getByTestId('clear-button').click();
    await expect.poll(async () => (await usage(page)).tokens, { timeout: 10_000 }).toBeLessThan(before);
    await expect.poll(() => page.getByTestId('compaction-result').getAttribute('data-mode')).toBe('clear');
    expect(await page.getByTestId('conversation-menu').innerText()).toBe(title);
    expect(await messages(page).count()).toBe(count);

    llm.enqueue({ kind: 'text', text: 'Fresh start acknowledged.' });
    const sentBefore = chatRequests(llm).length;
    await ask(page, 'Do you remember the long questions?');
    await waitForAnswer(page, 'Fresh start acknowledged.');
    const body = bodyOf((await waitForChatRequests(llm, sentBefore + 1))[sentBefore]!);
    expect(body.messages.map((m) => contentText(m.content)).join('\n')).not.toContain('word1x10');
  });

  it('stops a streaming answer with Esc and answers again on retry', async () => {
    const words = Array.from({ length: 60 }, (_, i) => `slow${i}`).join(' ');
    llm.enqueue({ kind: 'text', text: `${words} FINAL-WORD`, chunkDelayMs: 250 });
    await ask(page, 'Tell me slowly.');
    const streaming = page.locator('[data-testid="assistant-message"][data-streaming="true"]');
    await expect.poll(() => streaming.innerText(), { timeout: 15_000 }).toContain('slow3');
    await page.getByTestId('assistant-input').press('Escape');
    await expect.poll(() => streaming.count(), { timeout: 5_000 }).toBe(0);
    // The stop reached the provider: the app closed the stream before its last event was sent,
    // so FINAL-WORD can never arrive, however long one waits.
    await expect.poll(() => llm.streams.at(-1)?.end, { timeout: 15_000 }).toBe('client-closed');
    expect(llm.streams.at(-1)!.sent).toBeLessThan(llm.streams.at(-1)!.total);
    expect((await answers(page).allInnerTexts()).join('\n')).not.toContain('FINAL-WORD');
    await expect.poll(() => page.getByTestId('assistant-error').getAttribute('data-kind')).toBe('cancelled');

    llm.enqueue({ kind: 'text', text: 'Answered after the stop.' });
    await page.getByTestId('assistant-retry').click();
    await waitForAnswer(page, 'Answered after the stop.');
    expect(await messages(page, 'user').filter({ hasText: 'Tell me slowly.' }).count()).toBe(1);
  });

  it('shows each provider error with its message, keeps the question, and retries', async () => {
    const cases = [
      { response: { kind: 'error', status: 401, message: 'e2e: invalid api key' }, kind: 'auth', text: 'e2e: invalid api key' },
      { response: { kind: 'error', status: 404, message: 'e2e: model not found' }, kind: 'model-not-found', text: 'e2e: model not found' },
      { response: { kind: 'error', status: 429, message: 'e2e: slow down', retryAfter: 2 }, kind: 'rate-limited', text: 'Retry after 2 s' },
      { response: { kind: 'error', status: 500, message: 'e2e: upstream exploded' }, kind: 'server', text: 'e2e: upstream exploded' },
      {
        response: { kind: 'error', status: 400, message: 'e2e: context too long' },
        kind: 'invalid-request',
        text: 'e2e: context too long',
      },
      {
        response: { kind: 'cut', text: 'This answer will be cut off somewhere in the middle of it', afterEvents: 3 },
        kind: 'bad-response',
        text: 'cut off',
      },
    ] as const;
    for (const [i, c] of cases.entries()) {
      llm.enqueue(c.response);
      await ask(page, `Error case ${i}?`);
      const error = page.getByTestId('assistant-error');
      await expect.poll(() => error.getAttribute('data-kind'), { timeout: 20_000 }).toBe(c.kind);
      expect(await error.innerText()).toContain(c.text);
      expect(
        await messages(page, 'user')
          .filter({ hasText: `Error case ${i}?` })
          .count(),
      ).toBe(1);
      llm.enqueue({ kind: 'text', text: `Recovered from case ${i}.` });
      await page.getByTestId('assistant-retry').click();
      await waitForAnswer(page, `Recovered from case ${i}.`);
      await expect.poll(() => error.count()).toBe(0);
      expect(
        await messages(page, 'user')
          .filter({ hasText: `Error case ${i}?` })
          .count(),
      ).toBe(1);
    }
  });

  it('explains an unreachable endpoint and retries once it is fixed', async () => {
    const port = await freePort();
    const deadUrl = `http://127.0.0.1:${port}/v1`;
    await page.getByTestId('settings-open').click();
    await page.getByRole('combobox', { name: 'Kind of provider to add' }).selectOption('openai-compatible');
    await page.getByRole('button', { name: 'Add provider' }).click();
    const card = page.locator('[data-testid="provider-card"][data-provider-id="local"]');
    await card.getByTestId('provider-base-url').fill(deadUrl);
    await card.getByTestId('provider-default-model').fill(MODEL);
    await page.getByTestId('settings-save').click();
    await expect.poll(() => page.getByTestId('settings-status').innerText()).toContain('Saved');
    await page.getByTestId('settings-close').click();
    await page.getByTestId('model-select').selectOption(`local/${MODEL}`);

    await ask(page, 'Is anybody there?');
    const error = page.getByTestId('assistant-error');
    await expect.poll(() => error.getAttribute('data-kind'), { timeout: 30_000 }).toBe('unreachable');
    expect(await error.innerText()).toContain(`Can't reach ${deadUrl}`);
    await page.getByTestId('assistant-setup').waitFor();

    await page.getByTestId('settings-open').click();
    await card.getByTestId('provider-base-url').fill(llm.openaiBaseUrl);
    await page.getByTestId('settings-save').click();
    await expect.poll(() => page.getByTestId('settings-status').innerText()).toContain('Saved');
    await page.getByTestId('settings-close').click();
    llm.enqueue({ kind: 'text', text: 'Yes, reachable now.' });
    await page.getByTestId('assistant-retry').click();
    await waitForAnswer(page, 'Yes, reachable now.');
    await page.getByTestId('model-select').selectOption(`environment/${MODEL}`);
  });

  it('keeps the conversation across a restart', async () => {
    const title = await page.getByTestId('conversation-menu').innerText();
    const texts = await messages(page).allInnerTexts();
    expect(await app.restart()).toBe(0);
    await page.goto(app.server.url);
    await page.locator('[data-testid="terminal"] .xterm').waitFor({ timeout: 60_000 });
    await waitForTerminalText(page, PROMPT, 30_000);
    await page.getByTestId('assistant-input').waitFor();
    await expect.poll(() => messages(page).count(), { timeout: 15_000 }).toBe(texts.length);
    expect(await page.getByTestId('conversation-menu').innerText()).toBe(title);
    expect(await messages(page).allInnerTexts()).toEqual(texts);
  });

  it('never sends secrets typed in the terminal to the model server', async () => {
    const token = secretCases().find((c) => c.kind === 'github-token' && c.text.startsWith('GITHUB_TOKEN='))!.secret;
    const password = 'hunter2-e2e-password-Zq8';
    await typeInTerminal(page, `echo GITHUB_TOKEN=${token}\n`);
    await waitForTerminalText(page, /^GITHUB_TOKEN=gh/m);
    await typeInTerminal(page, "read -s -p 'Password: ' pw; echo; echo got-${#pw}-chars\n");
    await waitForTerminalText(page, /Password:\s*$/m);
    await page.keyboard.type(`${password}\n`);
    await waitForTerminalText(page, /^got-\d+-chars\s*$/m);
    await attachCommand(page, 'echo GITHUB_TOKEN=');
    await attachCommand(page, 'read -s');

    const before = chatRequests(llm).length;
    llm.enqueue({ kind: 'text', text: 'Both commands are attached.' });
    await ask(page, 'What did these two commands do?');
    await waitForAnswer(page, 'Both commands are attached.');
    const request = (await waitForChatRequests(llm, before + 1))[before]!;
    expect(request.rawBody).not.toContain(token);
    expect(request.rawBody).not.toContain(password);
    expect(request.rawBody).toContain('[REDACTED:');
    for (const r of llm.requests) {
      expect(r.rawBody).not.toContain(token);
      expect(r.rawBody).not.toContain(password);
    }
  });
});
