// SPDX-License-Identifier: MIT
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedLlmServer } from '../../fixtures/scripted-llm-server';
import { projectPath } from '../../../electron/runtime/paths';
import { answered, toolMessages } from '../support/agent-page';
import { ask, openAssistantApp, type AssistantApp } from '../support/assistant-page';

const SERVER = projectPath('tests/fixtures/mcp-test-server.mjs');

let app: AssistantApp;
let llm: ScriptedLlmServer;
let page: Page;

beforeAll(async () => {
  app = await openAssistantApp();
  ({ llm, page } = app);
});

afterAll(async () => {
  await app?.close();
});

const server = (name: string) => page.locator(`[data-testid="mcp-server"][data-name="${name}"]`);
const mcpFile = () =>
  JSON.parse(readFileSync(join(app.server.dataDir, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, Record<string, unknown>> };

describe('Settings → Tools', () => {
  it('adds a server (written to mcp.json, 0600), shows its tools, and a refused entry says why', async () => {
    await page.getByTestId('settings-open').click();
    await page.getByTestId('mcp-servers').waitFor();
    await page.getByTestId('mcp-add-name').fill('bad name');
    await page.getByTestId('mcp-add-command').fill(process.execPath);
    await page.getByTestId('mcp-add').click();
    expect(await page.getByTestId('mcp-add-error').innerText()).toMatch(/letters, digits/);

    await page.getByTestId('mcp-add-name').fill('notes');
    await page.getByTestId('mcp-add-args').fill(SERVER);
    await page.getByTestId('mcp-add-env').fill('NOTE_LEVEL=2');
    await page.getByTestId('mcp-add').click();
    await server('notes').and(page.locator('[data-state="connected"]')).waitFor({ timeout: 30_000 });
    expect(await server('notes').getAttribute('data-tools')).toBe('5');
    expect(await server('notes').innerText()).toContain('notes__read_note (read-only)');
    expect(mcpFile().mcpServers['notes']).toEqual({ command: process.execPath, args: [SERVER], env: { NOTE_LEVEL: '2' } });
    expect(statSync(join(app.server.dataDir, 'mcp.json')).mode & 0o777).toBe(0o600);
  });

  it('the read-only switch lets a read-only tool run without a click; other tools still ask', async () => {
    // Applied by main (the file is written), then shown: the box follows the answer, not the click.
    await server('notes').getByTestId('mcp-server-read-only').click();
    await expect.poll(() => server('notes').getByTestId('mcp-server-read-only').isChecked()).toBe(true);
    await expect.poll(() => mcpFile().mcpServers['notes']?.['readOnlyWithoutAsking']).toBe(true);
    await page.getByTestId('settings-close').click();
    llm.enqueue({ kind: 'tool-calls', calls: [{ name: 'notes__read_note', arguments: {} }] }, { kind: 'text', text: 'Read it unasked.' });
    await ask(page, 'Read the note.');
    await answered(page, 'Read it unasked.');
    const step = page.locator('[data-testid="tool-step"][data-tool="notes__read_note"]').last();
    expect(await step.getAttribute('data-state')).toBe('done');
    expect(await step.innerText()).toContain('Ran without asking');
    expect(toolMessages(llm).at(-1)).toContain('note: the deploy key is');

    llm.enqueue({ kind: 'tool-calls', calls: [{ name: 'notes__hang', arguments: {} }] }, { kind: 'text', text: 'Declined.' });
    await ask(page, 'Hang.');
    const asks = page.locator('[data-testid="tool-step"][data-tool="notes__hang"]').last();
    await asks.and(page.locator('[data-state="proposed"]')).waitFor();
    await asks.getByTestId('tool-deny').click();
    await answered(page, 'Declined.');
  });

  it('removes a server: gone from the file and from Settings', async () => {
    await page.getByTestId('settings-open').click();
    await server('notes').getByTestId('mcp-server-remove').click();
    await expect.poll(() => server('notes').count()).toBe(0);
    expect(mcpFile().mcpServers).toEqual({});
    await page.getByTestId('settings-close').click();
  });
});
