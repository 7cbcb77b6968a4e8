// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Flags for Debian's Chromium on a machine without GPU or internet (see the machine notes). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface AppServer {
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  readonly dataDir: string;
  readonly process: ChildProcess;
  /** What the host printed on stderr so far (its log). */
  stderr(): string;
  stop(): Promise<number | null>;
}

export interface ServerOptions {
  readonly env?: Record<string, string>;
  /** A fresh temporary directory unless given (a restart passes the one it had). */
  readonly dataDir?: string;
  readonly nodeArgs?: readonly string[];
  readonly port?: number;
}

/** Starts browser mode from the build (dist/node/web.mjs) and resolves once it printed its URL. */
export const startServer = async (options: ServerOptions = {}): Promise<AppServer> => {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'ct-e2e-'));
  const home = mkdtempSync(join(tmpdir(), 'ct-home-'));
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), 'dist/node/web.mjs', '--port', String(options.port ?? 0), '--data-dir', dataDir, '--no-open'],
    {
      env: { ...process.env, HOME: home, SHELL: '/bin/bash', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w.~%-]+/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token')!,
    dataDir,
    process: child,
    stderr: () => stderr,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => {
          rmSync(home, { recursive: true, force: true });
          resolve(code);
        });
        child.kill('SIGTERM');
      }),
  };
};

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

/** The visible text of the active terminal (DOM renderer rows). */
export const terminalText = (page: Page): Promise<string> => page.locator('[data-testid="terminal"] .xterm-rows').innerText();

export const waitForTerminalText = async (page: Page, pattern: RegExp, timeoutMs = 15_000): Promise<void> => {
  await page.waitForFunction(
    ([source, flags]) => {
      // Runs in the page; the test project has no DOM types.
      const page = globalThis as unknown as { document: { querySelector(s: string): { innerText: string } | null } };
      const rows = page.document.querySelector('[data-testid="terminal"] .xterm-rows');
      return rows !== null && new RegExp(source, flags).test(rows.innerText);
    },
    [pattern.source, pattern.flags] as const,
    { timeout: timeoutMs },
  );
};

/** Types into the active terminal once its shell has printed a prompt. */
export const typeInTerminal = async (page: Page, text: string): Promise<void> => {
  await page.locator('[data-testid="terminal"]').click();
  await page.keyboard.type(text);
};

export interface OpenApp {
  /** The running host: after `restart`, the new one. */
  readonly server: AppServer;
  readonly browser: Browser;
  readonly page: Page;
  /** Stops the host (resolving to its exit code) and starts it again on the same data dir and env; pages stay open. */
  restart(): Promise<number | null>;
  /** Closes the browser and stops the host; resolves to the host's exit code. */
  close(): Promise<number | null>;
}

export interface PageOptions {
  readonly viewport?: { readonly width: number; readonly height: number };
  readonly colorScheme?: 'light' | 'dark';
  /** Runs on the new page before it loads `url` (listeners, init scripts, permissions for its origin). */
  readonly beforeLoad?: (page: Page, url: string) => unknown;
  /** How long the first terminal may take to appear (Playwright's default otherwise). */
  readonly terminalTimeoutMs?: number;
  /** Also wait for the shell integration to report, i.e. for commands to be recorded. */
  readonly integrated?: boolean;
}

/** A new page of browser mode at `url`, its first terminal shown (and, if asked, integrated). */
export const openPage = async (browser: Browser, url: string, options: PageOptions = {}): Promise<Page> => {
  const page = await browser.newPage({
    viewport: options.viewport ?? { width: 1280, height: 760 },
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
  });
  await options.beforeLoad?.(page, url);
  await page.goto(url);
  await page.locator('[data-testid="terminal"] .xterm').waitFor({ timeout: options.terminalTimeoutMs });
  if (options.integrated) {
    await page.locator('[data-testid="segmentation-mode"][data-mode="integrated"]').waitFor({ timeout: 20_000 });
  }
  return page;
};

export interface AppOptions extends PageOptions {
  readonly server?: ServerOptions;
}

/**
 * Browser mode in Chromium with its first terminal ready: the page loaded and, unless asked not
 * to (`integrated: false`), the shell integration reporting (so commands are being recorded). What
 * started is stopped again if a later step fails, so a failed set-up leaves no host running.
 */
export const openApp = async (options: AppOptions = {}): Promise<OpenApp> => {
  const { server: serverOptions, ...pageOptions } = options;
  let server = await startServer(serverOptions);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const page = await openPage(browser, server.url, { ...pageOptions, integrated: options.integrated ?? true });
    const opened = browser;
    return {
      get server() {
        return server;
      },
      browser: opened,
      page,
      restart: async () => {
        const code = await server.stop();
        server = await startServer({ ...serverOptions, dataDir: server.dataDir });
        return code;
      },
      close: async () => {
        await opened.close();
        return server.stop();
      },
    };
  } catch (error) {
    await browser?.close().catch(() => undefined);
    await server.stop();
    throw error;
  }
};

export interface SavedWorkspace {
  readonly groups: unknown[];
  readonly panes: Record<string, { readonly cwd: string }>;
}

/** What the main process keeps for the next start (the store's settings table), read while it runs. */
export const savedWorkspace = (dataDir: string): SavedWorkspace | undefined => {
  const db = new Database(join(dataDir, 'contexterm.db'), { readonly: true });
  try {
    const row = db.prepare("SELECT value FROM settings WHERE key = 'workspace'").get() as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as SavedWorkspace) : undefined;
  } finally {
    db.close();
  }
};
