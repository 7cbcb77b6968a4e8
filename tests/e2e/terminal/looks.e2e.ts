// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';
import { closeSettingsDiscarding } from '../support/settings-close';

let app: OpenApp;
let page: Page;

beforeAll(async () => {
  app = await openApp({
    server: { env: { PS1: 'ct$ ' } },
    colorScheme: 'dark',
    integrated: false,
    // Closing Settings with unsaved changes asks first; these tests mean to discard them.
    beforeLoad: (p) => p.on('dialog', (dialog) => void dialog.accept()),
  });
  page = app.page;
});

afterAll(() => app?.close());

/** Page-side lookups; the test project has no DOM types, so the page's globals are described here. */
interface PageGlobals {
  readonly document: { readonly fonts: { check(font: string): boolean; readonly ready: Promise<unknown> } };
  getComputedStyle(element: unknown): {
    readonly fontFamily: string;
    readonly backgroundColor: string;
    readonly fontVariantLigatures: string;
  };
}
const style = (selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const { fontFamily, backgroundColor, fontVariantLigatures } = (globalThis as unknown as PageGlobals).getComputedStyle(element);
      return { fontFamily, backgroundColor, fontVariantLigatures };
    });
const viewportBackground = async () => (await style('[data-testid="terminal"] .xterm-viewport')).backgroundColor;

const save = async () => {
  await page.getByTestId('settings-save').click();
  await expect.poll(() => page.getByTestId('settings-status').innerText()).toMatch(/Saved/);
};

/** An iTerm2 export, written for this test: Ansi n is (n*8, n*8+1, n*8+2), the background #203040. */
const ITERM_COLORS = (() => {
  const color = (key: string, [r, g, b]: readonly number[]) =>
    `<key>${key}</key><dict><key>Blue Component</key><real>${b! / 255}</real><key>Color Space</key><string>sRGB</string>` +
    `<key>Green Component</key><real>${g! / 255}</real><key>Red Component</key><real>${r! / 255}</real></dict>`;
  const ansi = Array.from({ length: 16 }, (_v, n) => color(`Ansi ${n} Color`, [n * 8, n * 8 + 1, n * 8 + 2])).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
${ansi}
${color('Background Color', [0x20, 0x30, 0x40])}
${color('Foreground Color', [0xf0, 0xe0, 0xd0])}
${color('Cursor Color', [0xff, 0x00, 0x80])}
${color('Selection Color', [0x50, 0x60, 0x70])}
</dict></plist>
`;
})();

describe('looks', () => {
  it('draws with the bundled JetBrains Mono by default, offline', async () => {
    await page.evaluate(() => (globalThis as unknown as PageGlobals).document.fonts.ready);
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).document.fonts.check('14px "JetBrains Mono"')))
      .toBe(true);
    expect((await style('[data-testid="terminal"] .xterm-rows')).fontFamily).toMatch(/^"?JetBrains Mono"?,/);
    await page.getByTestId('settings-open').click();
    expect(await page.getByTestId('terminal-font-family').inputValue()).toBe("'JetBrains Mono', monospace");
    await closeSettingsDiscarding(page);
  });

  it('applies a built-in colour scheme to the terminal and the area around it', async () => {
    expect(await viewportBackground()).toBe('rgb(22, 24, 29)');
    await page.getByTestId('settings-open').click();
    await page.getByTestId('terminal-scheme').selectOption('dracula');
    await expect
      .poll(() =>
        page.getByTestId('scheme-preview').evaluate((el) => (globalThis as unknown as PageGlobals).getComputedStyle(el).backgroundColor),
      )
      .toBe('rgb(40, 42, 54)');
    await save();
    await closeSettingsDiscarding(page);
    await expect.poll(viewportBackground).toBe('rgb(40, 42, 54)');
    expect((await style('[data-testid="terminal"]')).backgroundColor).toBe('rgb(40, 42, 54)');
  });

  it('explains a file that is not a colour scheme and changes nothing', async () => {
    await page.getByTestId('settings-open').click();
    await page
      .getByTestId('scheme-import-file')
      .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{ "editor.fontSize": 14 }') });
    const status = page.getByTestId('scheme-import-status');
    await expect.poll(() => status.innerText()).toMatch(/^notes\.json: This JSON holds no colour scheme/);
    expect(await status.getAttribute('role')).toBe('alert');
    expect(await page.getByTestId('terminal-scheme').inputValue()).toBe('dracula');
    await closeSettingsDiscarding(page);
  });

  it('refuses a hostile iTerm2 file (XXE) and an oversized one with a reason, changing nothing', async () => {
    await page.getByTestId('settings-open').click();
    const status = page.getByTestId('scheme-import-status');
    const xxe = ITERM_COLORS.replace(/<!DOCTYPE[^>]*>/, '<!DOCTYPE plist [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>').replace(
      'sRGB',
      '&xxe;',
    );
    await page
      .getByTestId('scheme-import-file')
      .setInputFiles({ name: 'evil.itermcolors', mimeType: 'application/xml', buffer: Buffer.from(xxe) });
    await expect
      .poll(() => status.innerText())
      .toBe(
        'evil.itermcolors: This is not a readable iTerm2 colour file: it declares XML entities, which a colour file never needs (they are not expanded).',
      );
    expect(await status.getAttribute('role')).toBe('alert');
    // Refused by its size, before the page reads it.
    const huge = Buffer.from(ITERM_COLORS.replace('</plist>', `${' '.repeat(1_000_001)}</plist>`));
    await page.getByTestId('scheme-import-file').setInputFiles({ name: 'huge.itermcolors', mimeType: 'application/xml', buffer: huge });
    await expect.poll(() => status.innerText()).toBe('huge.itermcolors is too large to be a colour scheme.');
    expect(await page.getByTestId('terminal-scheme').inputValue()).toBe('dracula');
    await closeSettingsDiscarding(page);
  });

  it('imports an iTerm2 scheme, selects it, applies it and keeps it across a reload', async () => {
    await page.getByTestId('settings-open').click();
    await page
      .getByTestId('scheme-import-file')
      .setInputFiles({ name: 'Harbour Dusk.itermcolors', mimeType: 'application/xml', buffer: Buffer.from(ITERM_COLORS) });
    await expect.poll(() => page.getByTestId('scheme-import-status').innerText()).toBe('Imported “Harbour Dusk”. Save to keep it.');
    expect(await page.getByTestId('terminal-scheme').inputValue()).toBe('custom-harbour-dusk');
    await save();
    await closeSettingsDiscarding(page);
    await expect.poll(viewportBackground).toBe('rgb(32, 48, 64)');

    await page.reload();
    await page.locator('[data-testid="terminal"] .xterm').waitFor();
    await expect.poll(viewportBackground).toBe('rgb(32, 48, 64)');
    await page.getByTestId('settings-open').click();
    expect(await page.getByTestId('terminal-scheme').inputValue()).toBe('custom-harbour-dusk');
    // Back to a built-in one, then the imported one is removed: still selectable until then.
    await page.getByTestId('terminal-scheme').selectOption('dracula');
    await page.getByTestId('terminal-scheme').selectOption('custom-harbour-dusk');
    await page.getByTestId('scheme-remove').click();
    expect(await page.getByTestId('terminal-scheme').inputValue()).toBe('system');
    await save();
    await closeSettingsDiscarding(page);
    await expect.poll(viewportBackground).toBe('rgb(22, 24, 29)');
  });

  it('changes the cursor of every terminal live: bar, not blinking', async () => {
    await waitForTerminalText(page, /[$#%>]\s*$/m);
    await page.getByTestId('settings-open').click();
    await page.getByTestId('terminal-cursor-style').selectOption('bar');
    await page.getByTestId('terminal-cursor-blink').uncheck();
    await save();
    await closeSettingsDiscarding(page);
    await page.locator('[data-testid="terminal"]').click();
    await page.locator('[data-testid="terminal"] .xterm-rows .xterm-cursor.xterm-cursor-bar').waitFor();
    expect(await page.locator('[data-testid="terminal"] .xterm-rows .xterm-cursor-blink').count()).toBe(0);

    await page.getByTestId('settings-open').click();
    await page.getByTestId('terminal-cursor-style').selectOption('underline');
    await page.getByTestId('terminal-cursor-blink').check();
    await save();
    await closeSettingsDiscarding(page);
    await page.locator('[data-testid="terminal"]').click();
    await page.locator('[data-testid="terminal"] .xterm-rows .xterm-cursor.xterm-cursor-underline.xterm-cursor-blink').waitFor();
  });

  it('joins => and != into ligatures only when asked to', async () => {
    const ligatureSpans = () =>
      page
        .locator('[data-testid="terminal"] .xterm-rows span')
        .evaluateAll((spans) =>
          spans.map((s) => (s as unknown as { textContent: string }).textContent).filter((t) => t === '=>' || t === '!='),
        );
    await typeInTerminal(page, 'echo "lig-test a => b != c"\n');
    await waitForTerminalText(page, /^lig-test a => b != c\s*$/m);
    expect((await style('[data-testid="terminal"] .xterm')).fontVariantLigatures).toBe('none');
    expect(await ligatureSpans()).toEqual([]);

    await page.getByTestId('settings-open').click();
    await page.getByTestId('terminal-ligatures').check();
    await save();
    await closeSettingsDiscarding(page);
    await expect.poll(async () => (await style('[data-testid="terminal"] .xterm')).fontVariantLigatures).toBe('normal');
    // The joiner draws each sequence as one run (the echoed line and the command line above it).
    await expect.poll(ligatureSpans).toEqual(['=>', '!=', '=>', '!=']);
  });
});
