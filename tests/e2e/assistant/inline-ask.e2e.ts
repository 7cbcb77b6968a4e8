// SPDX-License-Identifier: MIT
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedLlmServer } from '../../fixtures/scripted-llm-server';
import { terminalText, typeInTerminal, waitForTerminalText } from '../support/app';
import { chatRequests, contentText, openAssistantApp, waitForChatRequests, type AssistantApp } from '../support/assistant-page';

/** bash -l reads /etc/profile, which may set its own PS1: accept any usual prompt ending. */
const PROMPT = /[$#%>]\s*$/m;

const box = (page: Page): Locator => page.getByTestId('inline-ask');
const items = (page: Page): Locator => page.locator('[data-testid="command-item"]');

/** The last line of the terminal with something on it: the prompt and what sits at it. */
const promptLine = async (page: Page): Promise<string> =>
  (await terminalText(page))
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .filter((line) => line !== '')
    .at(-1) ?? '';

const waitForPrompt = async (page: Page, ending: string): Promise<void> => {
  const escaped = ending.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  // Trailing blanks are trimmed from the line: an empty prompt ends at its prompt character.
  await expect.poll(() => promptLine(page), { timeout: 15_000 }).toMatch(new RegExp(`[$#%>]${ending === '' ? '' : ` ${escaped}`}$`));
};

/** Runs a line in the terminal and waits for its command item to show an exit status. */
const run = async (page: Page, line: string, exitCode: number): Promise<void> => {
  const before = await items(page).count();
  await typeInTerminal(page, `${line}\n`);
  await expect.poll(() => items(page).count(), { timeout: 15_000 }).toBe(before + 1);
  await expect.poll(() => items(page).last().getAttribute('data-exit-code'), { timeout: 15_000 }).toBe(String(exitCode));
};

/** Ctrl+I in the focused terminal, words typed, Enter. */
const askInline = async (page: Page, words: string, expectedWords = ''): Promise<void> => {
  await page.locator('[data-testid="terminal"] .xterm').click();
  await page.keyboard.press('Control+KeyI');
  await box(page).waitFor();
  const input = page.getByTestId('inline-ask-input');
  await expect.poll(() => input.inputValue()).toBe(expectedWords);
  await input.fill(words);
  await input.press('Enter');
};

const requestText = (llm: ScriptedLlmServer, index: number): { system: string; all: string } => {
  const body = chatRequests(llm)[index]!.body as { system?: unknown; messages: Array<{ role: string; content: unknown }> };
  const system =
    body.system !== undefined ? contentText(body.system) : contentText(body.messages.find((m) => m.role === 'system')?.content);
  return { system, all: JSON.stringify(body) };
};

describe('Ctrl+I, a command from words, against a scripted OpenAI-compatible server', () => {
  let app: AssistantApp;
  let llm: ScriptedLlmServer;
  let page: Page;
  const dir = mkdtempSync(join(tmpdir(), 'ct-inline-'));

  beforeAll(async () => {
    app = await openAssistantApp({
      integrated: true,
      beforeLoad: (p) => p.on('pageerror', (error) => console.error('[pageerror]', error.message)),
    });
    ({ llm, page } = app);
    await waitForTerminalText(page, PROMPT, 30_000);
  }, 90_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the words with the cwd, shell, OS and last commands, and inserts the answer at the prompt without running it', async () => {
    await run(page, `cd ${dir}`, 0);
    await run(page, 'echo inline-ok', 0);
    await run(page, 'false', 1);
    const before = await items(page).count();
    llm.enqueue({ kind: 'text', text: '```bash\nls -la /tmp\n```' });
    await askInline(page, 'list everything in tmp');
    const [request] = await waitForChatRequests(llm, 1);
    expect(request?.body).not.toHaveProperty('tools');
    const { system, all } = requestText(llm, 0);
    expect(all).toContain('list everything in tmp');
    expect(system).toContain(`Working directory: ${dir}`);
    expect(system).toContain('bash command');
    expect(system).toContain(`(${process.platform})`);
    expect(system).toContain('$ echo inline-ok   # exit 0');
    expect(system).toContain('$ false   # exit 1');
    await box(page).waitFor({ state: 'detached' });
    await waitForPrompt(page, 'ls -la /tmp');
    // The keyboard is back in the terminal, and nothing ran.
    expect(
      await page.evaluate(() =>
        Boolean(
          (
            globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } | null } }
          ).document.activeElement?.closest('.xterm'),
        ),
      ),
    ).toBe(true);
    expect(await items(page).count()).toBe(before);
  });

  it('refines on a second Ctrl+I: the previous exchange goes along and the new command replaces the old one', async () => {
    const before = await items(page).count();
    llm.enqueue({ kind: 'text', text: 'ls -la /tmp | sort -k5 -n' });
    await askInline(page, 'sorted by size', 'list everything in tmp');
    await waitForChatRequests(llm, 2);
    const { all } = requestText(llm, 1);
    const messages = (chatRequests(llm)[1]!.body as { messages: Array<{ role: string; content: unknown }> }).messages.slice(1);
    expect(messages.map((m) => [m.role, contentText(m.content)])).toEqual([
      ['user', 'list everything in tmp'],
      ['assistant', 'ls -la /tmp'],
      ['user', 'sorted by size'],
    ]);
    expect(all).toContain('Working directory');
    await waitForPrompt(page, 'ls -la /tmp | sort -k5 -n');
    // Run what sits at the prompt, with a marker: one command, the refined one, and nothing before it.
    await page.keyboard.type(' | head -1; echo inline-marker');
    await page.keyboard.press('Enter');
    await expect.poll(() => items(page).count(), { timeout: 15_000 }).toBe(before + 1);
    await expect.poll(() => items(page).last().innerText()).toContain('ls -la /tmp | sort -k5 -n | head -1; echo inline-marker');
    await waitForTerminalText(page, /^inline-marker$/m);
  });

  it('closes on Esc, cancelling an answer still coming, and leaves the prompt and the Tab key alone', async () => {
    await waitForTerminalText(page, PROMPT);
    const prompt = await promptLine(page);
    llm.enqueue({ kind: 'hang' });
    const asked = chatRequests(llm).length;
    await askInline(page, 'count the files');
    await page.getByTestId('inline-ask-thinking').waitFor();
    await waitForChatRequests(llm, asked + 1);
    await page.keyboard.press('Escape');
    await box(page).waitFor({ state: 'detached' });
    expect(await promptLine(page)).toBe(prompt);
    // Tab (not Ctrl+I) still reaches the shell and completes.
    await page.keyboard.type('ech');
    await page.keyboard.press('Tab');
    await waitForPrompt(page, 'echo');
    await page.keyboard.press('Control+U');
    await waitForPrompt(page, '');
  });

  it('opens from the palette too, and shows the model’s refusal in the box', async () => {
    llm.enqueue({ kind: 'text', text: 'Sorry, I cannot help with that.' });
    await page.getByTestId('palette-open').click();
    await page.getByTestId('palette-input').fill('ask for a command');
    await page.getByTestId('palette-input').press('Enter');
    await box(page).waitFor();
    await page.getByTestId('inline-ask-input').fill('do something impossible');
    await page.getByTestId('inline-ask-input').press('Enter');
    await expect.poll(() => page.getByTestId('inline-ask-error').innerText({ timeout: 15_000 })).toContain('did not answer with a command');
    await page.getByTestId('inline-ask-input').press('Escape');
    await box(page).waitFor({ state: 'detached' });
  });

  it('Ctrl+I while cat reads the terminal opens nothing, types nothing and says why in the status line', async () => {
    await waitForTerminalText(page, PROMPT);
    const before = await items(page).count();
    const asked = chatRequests(llm).length;
    await typeInTerminal(page, 'cat\n');
    // cat's record has started and not ended: the terminal is not at an idle prompt.
    await expect.poll(() => items(page).count(), { timeout: 15_000 }).toBe(before + 1);
    await page.locator('[data-testid="terminal"] .xterm').click();
    await page.keyboard.press('Control+KeyI');
    const notice = page.getByTestId('insert-notice');
    await expect.poll(() => notice.innerText(), { timeout: 15_000 }).toMatch(/prompt/);
    expect(await box(page).count()).toBe(0);
    // cat echoes what it read: a Tab (or a command) sent by Ctrl+I would stand before the word.
    await page.keyboard.type('cat-line\n');
    await expect.poll(() => terminalText(page), { timeout: 15_000 }).toMatch(/^cat-line\s*\n\s*cat-line\s*$/m);
    await page.keyboard.press('Control+D');
    await expect.poll(() => items(page).last().getAttribute('data-exit-code'), { timeout: 15_000 }).toBe('0');
    expect(chatRequests(llm).length).toBe(asked);
    await page.getByTestId('insert-notice-dismiss').click();
  });
});

describe('Ctrl+I against a scripted Anthropic server', () => {
  let app: AssistantApp;
  const MODEL = 'claude-scripted';

  beforeAll(async () => {
    app = await openAssistantApp({
      llm: { models: [MODEL] },
      env: (scripted) => ({
        CONTEXTERM_PROVIDER: 'anthropic',
        CONTEXTERM_BASE_URL: scripted.url,
        CONTEXTERM_MODEL: MODEL,
        CONTEXTERM_API_KEY: 'sk-ant-test-key-0123456789abcdef',
        PS1: 'ct$ ',
      }),
    });
    await waitForTerminalText(app.page, PROMPT, 30_000);
  }, 90_000);

  afterAll(() => app?.close());

  it('inserts the command from a Messages API answer', async () => {
    app.llm.enqueue({ kind: 'text', text: 'df -h /' });
    await askInline(app.page, 'free disk space');
    const [request] = await waitForChatRequests(app.llm, 1);
    expect(request?.protocol).toBe('anthropic');
    const { system, all } = requestText(app.llm, 0);
    expect(system).toContain('bash command');
    expect(all).toContain('free disk space');
    await waitForPrompt(app.page, 'df -h /');
  });
});
