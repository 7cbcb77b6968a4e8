// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForTerminalText } from '../support/app';
import { answers, ask, type AssistantApp, openAssistantApp, waitForAnswer } from '../support/assistant-page';

let app: AssistantApp;
let page: Page;

beforeAll(async () => {
  app = await openAssistantApp({ beforeLoad: (p) => p.on('pageerror', (error) => console.error('[pageerror]', error.message)) });
  page = app.page;
  await waitForTerminalText(page, /[$#%>]\s*$/m, 30_000);
});

afterAll(() => app?.close());

/** Page state read in one go (the test project has no DOM types). */
const inPage = <T>(fn: () => T): Promise<T> => page.evaluate(fn);

describe('markdown answers (CommonMark + GFM)', () => {
  it('renders GFM, keeps HTML inert, routes links through the confirmation and inserts code on request', async () => {
    const chunks = [
      '| Flag | Meaning |\n| --- | --- |\n| `-l` | long |\n\n',
      '- [x] build\n- [ ] test\n\nUse ~~npm i~~ npm ci, see https://example.com/docs.\n\n',
      '<img src=x onerror="window.__mdXss=1"> <script>window.__mdXss=2</script> [bad](javascript:window.__mdXss=3)\n\n',
      'Run:\n\n```sh\n',
      'echo md-insert',
      '-$((6*7))\n',
      '```\n\nAfter the block.',
    ];
    app.llm.enqueue({ kind: 'text', text: chunks.join(''), chunks, chunkDelayMs: 400 });
    await ask(page, 'Show me some markdown');

    // While the fence is open the block shows but cannot be inserted (sampled atomically in the page).
    const samples: { code: boolean; after: boolean; disabled: boolean }[] = [];
    await expect
      .poll(
        async () => {
          const sample = await inPage(() => {
            const doc = (
              globalThis as unknown as {
                document: {
                  querySelector(s: string): { innerText: string; querySelector(s: string): { disabled?: boolean } | null } | null;
                };
              }
            ).document;
            const streaming = doc.querySelector('[data-testid="assistant-message"][data-streaming="true"]');
            if (!streaming) return undefined;
            const button = streaming.querySelector('button[aria-label="Insert into terminal"]');
            return { code: button !== null, after: streaming.innerText.includes('After the block.'), disabled: button?.disabled ?? false };
          });
          if (sample) samples.push(sample);
          return sample === undefined && samples.length > 0;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(true);
    const openFence = samples.filter((s) => s.code && !s.after);
    expect(openFence.length).toBeGreaterThan(0);
    expect(openFence.every((s) => s.disabled)).toBe(true);

    await waitForAnswer(page, 'After the block.');
    const answer = answers(page).last();
    await expect.poll(() => answer.locator('table th').allInnerTexts()).toEqual(['Flag', 'Meaning']);
    expect(await answer.locator('table td code').innerText()).toBe('-l');
    expect(await answer.locator('input[type="checkbox"]').count()).toBe(2);
    expect(await answer.locator('input[type="checkbox"]').first().isChecked()).toBe(true);
    expect(await answer.locator('del').innerText()).toBe('npm i');

    // HTML is text, never elements; nothing ran.
    expect(await answer.locator('script, img, iframe').count()).toBe(0);
    expect(await answer.innerText()).toContain('<img src=x onerror=');
    expect(await inPage(() => (globalThis as { __mdXss?: number }).__mdXss)).toBeUndefined();

    // Only the http(s) URL became a link; the javascript: one is text.
    const hrefs = await answer.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['https://example.com/docs']);
    expect(await answer.innerText()).toContain('bad');

    // A click asks first (the app's confirmed-link path) and never navigates this page.
    const before = page.url();
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await answer.locator('a').click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toContain('https://example.com/docs');
    expect(page.url()).toBe(before);
    expect(app.browser.contexts().flatMap((c) => c.pages())).toHaveLength(1);

    // Insert shows exactly what will be pasted, pastes it without Enter; the user runs it.
    expect(await answer.locator('.code-lang').innerText()).toBe('sh');
    await answer.getByRole('button', { name: 'Insert into terminal' }).click();
    expect(await page.getByTestId('insert-preview').innerText()).toBe('echo md-insert-$((6*7))');
    await page.getByTestId('insert-confirm').click();
    await waitForTerminalText(page, /echo md-insert-\$\(\(6\*7\)\)\s*$/m);
    await page.keyboard.press('Enter');
    await waitForTerminalText(page, /^md-insert-42\s*$/m);

    await answer.getByRole('button', { name: 'Copy code' }).click();
    await expect.poll(() => answer.locator('.code-flash').innerText()).toMatch(/^Cop(ied|y failed)$/);
  });
});
