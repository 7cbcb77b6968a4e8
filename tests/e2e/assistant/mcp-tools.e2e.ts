// SPDX-License-Identifier: MIT
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedLlmServer } from '../../fixtures/scripted-llm-server';
import { projectPath } from '../../../electron/runtime/paths';
import { answered, toolMessages } from '../support/agent-page';
import { ask, bodyOf, chatRequests, openAssistantApp, type AssistantApp } from '../support/assistant-page';

const SERVER = projectPath('tests/fixtures/mcp-test-server.mjs');

let app: AssistantApp;
let llm: ScriptedLlmServer;
let page: Page;
const scratch = mkdtempSync(join(tmpdir(), 'ct-mcp-e2e-'));

const mcpServer = (name: string) => page.locator(`[data-testid="mcp-server"][data-name="${name}"]`);

const openTools = async () => {
  await page.getByTestId('settings-open').click();
  await page.getByTestId('mcp-servers').waitFor();
};

beforeAll(async () => {
  app = await openAssistantApp();
  ({ llm, page } = app);
  // Written while the app runs: the data directory is watched for it.
  const servers = {
    notes: { command: process.execPath, args: [SERVER] },
    broken: { command: process.execPath, args: [SERVER], env: { MCP_TEST_MODE: 'crash' } },
  };
  writeFileSync(join(app.server.dataDir, 'mcp.json'), JSON.stringify({ mcpServers: servers }), { mode: 0o600 });
  await openTools();
  await mcpServer('notes').and(page.locator('[data-state="connected"]')).waitFor({ timeout: 30_000 });
  await page.getByTestId('settings-close').click();
});

afterAll(async () => {
  await app?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const toolStep = (tool: string) => page.locator(`[data-testid="tool-step"][data-tool="${tool}"]`).last();

const callTool = (name: string, args: Record<string, unknown>) => ({ kind: 'tool-calls' as const, calls: [{ name, arguments: args }] });

describe("tools of the user's MCP servers", () => {
  it('a call waits for Allow (nothing called), runs once allowed, and its result goes back to the model', async () => {
    const marker = join(scratch, 'allowed-marker');
    llm.enqueue(callTool('notes__write_marker', { path: marker, text: 'allowed' }), { kind: 'text', text: 'The marker is written.' });
    await ask(page, 'Write the marker.');
    const step = toolStep('notes__write_marker');
    await step.and(page.locator('[data-state="proposed"]')).waitFor();
    // Offered as SERVER__TOOL; a failed server offers nothing.
    const offered = (bodyOf(chatRequests(llm).at(-1)!).tools ?? []).map((t) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(['get_commands', 'notes__write_marker', 'notes__read_note']));
    expect(offered.some((name) => name.startsWith('broken__'))).toBe(false);
    // Waiting: the server was not called and the model not asked again.
    expect(existsSync(marker)).toBe(false);
    const requestsBefore = chatRequests(llm).length;

    await step.getByTestId('tool-allow').click();
    await answered(page, 'The marker is written.');
    expect(readFileSync(marker, 'utf8')).toBe('allowed');
    expect(chatRequests(llm)).toHaveLength(requestsBefore + 1);
    expect(toolMessages(llm).at(-1)).toBe(`wrote ${marker}`);
    expect(await toolStep('notes__write_marker').getAttribute('data-state')).toBe('done');
  });

  it('a denied call never runs, and the model is told the user declined', async () => {
    const marker = join(scratch, 'denied-marker');
    llm.enqueue(callTool('notes__write_marker', { path: marker }), { kind: 'text', text: 'Understood, not written.' });
    await ask(page, 'Write another marker.');
    const step = toolStep('notes__write_marker');
    await step.and(page.locator('[data-state="proposed"]')).waitFor();
    await step.getByTestId('tool-deny').click();
    await answered(page, 'Understood, not written.');
    expect(await toolStep('notes__write_marker').getAttribute('data-state')).toBe('denied');
    expect(JSON.parse(toolMessages(llm).at(-1)!)).toMatchObject({ status: 'declined', tool: 'notes__write_marker' });
    expect(existsSync(marker)).toBe(false);
  });

  it('a window that reloads shows a waiting call with its buttons, and Allow still works', async () => {
    const marker = join(scratch, 'reload-marker');
    llm.enqueue(callTool('notes__write_marker', { path: marker, text: 'after reload' }), {
      kind: 'text',
      text: 'Written after the reload.',
    });
    await ask(page, 'Write it, then I reload.');
    await toolStep('notes__write_marker').and(page.locator('[data-state="proposed"]')).waitFor();
    await page.reload();
    const step = toolStep('notes__write_marker').and(page.locator('[data-state="proposed"]'));
    await step.waitFor({ timeout: 30_000 });
    expect(existsSync(marker)).toBe(false);
    await step.getByTestId('tool-allow').click();
    await answered(page, 'Written after the reload.');
    expect(readFileSync(marker, 'utf8')).toBe('after reload');
  });

  it('a result goes back redacted', async () => {
    llm.enqueue(callTool('notes__read_note', {}), { kind: 'text', text: 'Read the note.' });
    await ask(page, 'Read the note.');
    const step = toolStep('notes__read_note');
    await step.and(page.locator('[data-state="proposed"]')).waitFor();
    await step.getByTestId('tool-allow').click();
    await answered(page, 'Read the note.');
    const result = toolMessages(llm).at(-1)!;
    expect(result).toContain('note: the deploy key is');
    expect(result).not.toContain('ghp_A1b2');
    expect(await toolStep('notes__read_note').innerText()).not.toContain('ghp_A1b2');
  });

  it('a failing server is shown failed in Settings → Tools, with its stderr, and answers go on', async () => {
    llm.enqueue({ kind: 'text', text: 'An answer without tools.' });
    await ask(page, 'Anything?');
    await answered(page, 'An answer without tools.');
    await openTools();
    const broken = mcpServer('broken');
    await broken.and(page.locator('[data-state="failed"]')).waitFor({ timeout: 30_000 });
    expect(await broken.getAttribute('data-tools')).toBe('0');
    expect(await broken.getByTestId('mcp-server-reason').innerText()).toMatch(/restart/);
    await broken.locator('summary').click();
    expect(await broken.getByTestId('mcp-server-stderr').innerText()).toContain('cannot open the database: permission denied');
    expect(await mcpServer('notes').getAttribute('data-tools')).toBe('5');
    // A server's words are text: its markup shows as characters and builds no element.
    expect(await mcpServer('notes').innerText()).toContain('<b data-testid="mcp-injected">bold</b>');
    expect(await page.getByTestId('mcp-injected').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __mcpInjected?: number }).__mcpInjected)).toBeUndefined();
    await page.getByTestId('settings-close').click();
  });
});
