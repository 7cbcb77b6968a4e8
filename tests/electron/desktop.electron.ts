// SPDX-License-Identifier: MIT
import { realpathSync } from 'node:fs';
import type { Dialog } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HOME, DESKTOP_CSP } from '../../electron/main/app-protocol';
import { BRIDGE_GLOBAL } from '../../shared/ipc/bridge-channels';
import { cleanup, launchDesktop, tempDir, typeInTerminal, waitForTerminalText, type Desktop } from './support/desktop-app';

// The desktop app itself, one launch for the file: what browser mode cannot show (the app:// page,
// the preload, the permission handler, links handed to the OS).

const dirs: string[] = [];
let desktop: Desktop;
let dataDir: string;
/** The key that opens a link: Cmd on macOS, Ctrl elsewhere (renderer/terminal/link-routing.ts). */
const LINK_MODIFIER = process.platform === 'darwin' ? 'Meta' : 'Control';

beforeAll(async () => {
  dataDir = tempDir('ct-electron-data-', dirs);
  desktop = await launchDesktop(dataDir, tempDir('ct-electron-home-', dirs));
  await desktop.page.locator('[data-testid="segmentation-mode"][data-mode="integrated"]').waitFor({ timeout: 30_000 });
});

afterAll(async () => {
  await desktop?.app.close();
  cleanup(dirs);
});

describe('the desktop window', () => {
  it('runs on the throwaway data directory', async () => {
    const userData = await desktop.app.evaluate(({ app }) => app.getPath('userData'));
    expect(realpathSync(userData)).toBe(realpathSync(dataDir));
  });

  it('loads app://contexterm under the desktop CSP, with no console errors', async () => {
    const { page, errors } = desktop;
    expect(page.url()).toBe(APP_HOME);
    const csp = await page.evaluate(() => fetch('/index.html').then((response) => response.headers.get('content-security-policy')));
    expect(csp).toBe(DESKTOP_CSP);
    // Enforced, not only sent: script-src 'self' without 'unsafe-eval' refuses eval.
    const evaluated = await page.evaluate(() => {
      try {
        return String((0, eval)('1 + 1'));
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(evaluated).toBe('EvalError');
    expect(errors).toEqual([]);
  });

  it('exposes only the bridge to the page: no require, no process, no ipcRenderer', async () => {
    const seen = await desktop.page.evaluate((bridgeName) => {
      const scope = globalThis as unknown as Record<string, unknown>;
      const bridge = scope[bridgeName] as Record<string, unknown> | undefined;
      return {
        require: typeof scope.require,
        process: typeof scope.process,
        module: typeof scope.module,
        Buffer: typeof scope.Buffer,
        ipcRenderer: typeof scope.ipcRenderer,
        bridge: bridge ? Object.keys(bridge).sort() : [],
      };
    }, BRIDGE_GLOBAL);
    expect(seen).toEqual({
      require: 'undefined',
      process: 'undefined',
      module: 'undefined',
      Buffer: 'undefined',
      ipcRenderer: 'undefined',
      bridge: ['invoke', 'on', 'send'],
    });
  });
});

describe('a terminal in the desktop app', () => {
  it('echoes what runs and records the command', async () => {
    const { page } = desktop;
    await typeInTerminal(page, 'echo ct-electron-$((6*7))\n');
    await waitForTerminalText(page, /^ct-electron-42\s*$/m);
    const items = page.getByTestId('command-item');
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => items.last().getAttribute('data-exit-code'), { timeout: 20_000 }).toBe('0');
    expect(await items.last().innerText()).toContain('echo ct-electron-$((6*7))');
  });

  it('copies and pastes through the permission handler (clipboard only; anything else denied)', async () => {
    const { app, page } = desktop;
    const states = await page.evaluate(async () => {
      // Runs in the page; the test project has no DOM types.
      type Permissions = { query(descriptor: { name: string }): Promise<{ state: string }> };
      const { permissions } = (globalThis as unknown as { navigator: { permissions: Permissions } }).navigator;
      const state = async (name: string) => (await permissions.query({ name })).state;
      return { clipboard: await state('clipboard-read'), camera: await state('camera'), geolocation: await state('geolocation') };
    });
    // Electron answers every check with "granted" when no handler is set (electron/main/security.ts).
    expect(states).toEqual({ clipboard: 'granted', camera: 'denied', geolocation: 'denied' });

    await app.evaluate(({ clipboard }) => clipboard.writeText('echo ct-pasted-$((3*3))'));
    await page.locator('[data-testid="terminal"]').click();
    await page.keyboard.press('Control+Shift+V');
    await page.keyboard.press('Enter');
    await waitForTerminalText(page, /^ct-pasted-9\s*$/m);

    const output = page.locator('[data-testid="terminal"] .xterm-rows > div', { hasText: /^ct-pasted-9\s*$/ });
    await output.dblclick({ position: { x: 4, y: 4 } });
    await page.keyboard.press('Control+Shift+C');
    await expect.poll(() => app.evaluate(({ clipboard }) => clipboard.readText())).toBe('ct-pasted-9');
  });

  it('asks before opening an OSC 8 link, then hands shell.openExternal the normalised URL', async () => {
    const { app, page } = desktop;
    await app.evaluate(({ shell }) => {
      const opened: string[] = [];
      (globalThis as unknown as { opened: string[] }).opened = opened;
      shell.openExternal = async (url: string) => void opened.push(url);
    });
    const opened = () => app.evaluate(() => (globalThis as unknown as { opened: string[] }).opened);
    await typeInTerminal(page, "printf '\\e]8;;HTTPS://Example.COM/a/../b\\e\\\\ct-link\\e]8;;\\e\\\\\\n'\n");
    await waitForTerminalText(page, /^ct-link\s*$/m);
    const link = page.locator('[data-testid="terminal"] .xterm-rows > div', { hasText: /^ct-link\s*$/ });

    /**
     * Modifier-clicks the link until the page asks (xterm finds the link under the pointer on a
     * mouse move, asynchronously, so a first click can come before it) and answers in the listener:
     * the page is blocked until the question is answered, and so is the click that raised it.
     */
    const ask = async (answer: 'accept' | 'dismiss'): Promise<string[]> => {
      const asked: string[] = [];
      const onDialog = (dialog: Dialog) => {
        asked.push(dialog.message());
        void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
      };
      page.on('dialog', onDialog);
      try {
        for (let attempt = 0; attempt < 5 && asked.length === 0; attempt++) {
          await link.hover({ position: { x: 8, y: 4 } });
          await link.click({ position: { x: 8, y: 4 }, modifiers: [LINK_MODIFIER] });
          await expect
            .poll(() => asked.length, { timeout: 2_000 })
            .toBeGreaterThan(0)
            .catch(() => undefined);
        }
      } finally {
        page.off('dialog', onDialog);
      }
      return asked;
    };

    const refused = await ask('dismiss');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain('https://example.com/b');
    expect(await opened()).toEqual([]);

    expect(await ask('accept')).toHaveLength(1);
    await expect.poll(opened).toEqual(['https://example.com/b']);
  });
});
