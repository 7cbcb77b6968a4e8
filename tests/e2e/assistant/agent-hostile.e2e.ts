// SPDX-License-Identifier: MIT
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedLlmServer } from '../../fixtures/scripted-llm-server';
import { typeInTerminal, waitForTerminalText } from '../support/app';
import { agentStep, answered as answeredIn, runCommand, toolMessages as agentToolMessages } from '../support/agent-page';
import { ask, openAssistantApp, type AssistantApp } from '../support/assistant-page';

/*
 * A model that tries to get around the approval: a secret printed by a command it runs, a
 * destructive command behind a path, a line the shell would rewrite from history.
 */
let app: AssistantApp;
let llm: ScriptedLlmServer;
let page: Page;
const scratch = mkdtempSync(join(tmpdir(), 'ct-agent-hostile-'));

beforeAll(async () => {
  app = await openAssistantApp({ integrated: true });
  ({ llm, page } = app);
  await typeInTerminal(page, `cd ${scratch}\n`);
  await waitForTerminalText(page, new RegExp(`cd ${scratch}`));
});

afterAll(async () => {
  await app?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const step = (command: string): Locator => agentStep(page, command);
const toolMessages = (): string[] => agentToolMessages(llm);
const answered = (text: string) => answeredIn(page, text);

describe('a hostile model against the approval (OpenAI-compatible)', () => {
  it('a secret the command prints reaches the model only as a placeholder', async () => {
    // The token is put together by the shell, so only the output holds it whole.
    const tail = 'R7kQ2mZ9vXw4Lp8Tn3Bc6Yh1Jd5Fs0Ga2Ue7';
    const command = `printf '%s%s\\n' ghp_ ${tail}`;
    llm.enqueue(runCommand(command, 'To read the token.'), { kind: 'text', text: 'The token is hidden from me.' });
    await ask(page, 'What is the token?');
    await step(command).getByTestId('agent-run').click();
    await answered('The token is hidden from me.');
    await waitForTerminalText(page, new RegExp(`^ghp_${tail}\\s*$`, 'm'));
    const result = toolMessages().at(-1)!;
    expect(JSON.parse(result)).toMatchObject({ status: 'ran', exit_code: 0 });
    expect(result).not.toContain(`ghp_${tail}`);
    expect(result).toContain('[REDACTED:');
  });

  it('a line the shell would rewrite from history is refused before anyone sees a Run button', async () => {
    llm.enqueue(runCommand('echo fine; !!', 'To repeat.'), { kind: 'text', text: 'I will not use history expansion.' });
    await ask(page, 'Run the last command again.');
    await answered('I will not use history expansion.');
    expect(await page.locator('[data-testid="agent-step"]', { hasText: '!!' }).count()).toBe(0);
    expect(toolMessages().at(-1)).toMatch(/history/);
    expect(await page.locator('[data-testid="command-item"]', { hasText: 'echo fine' }).count()).toBe(0);
  });
  it('rm behind a path still carries the destructive warning, and Skip leaves the files', async () => {
    const victim = join(scratch, 'victim');
    mkdirSync(victim);
    const command = `/bin/rm -rf ${victim}`;
    llm.enqueue(runCommand(command, 'To tidy up.'), { kind: 'text', text: 'Left it alone.' });
    await ask(page, 'Tidy up.');
    const proposed = step(command);
    await proposed.and(page.locator('[data-state="proposed"]')).waitFor();
    expect(await proposed.getAttribute('data-risk')).toBe('destructive');
    expect(await proposed.getByTestId('agent-risk-warning').innerText()).toMatch(/deletes recursively/);
    await proposed.getByTestId('agent-skip').click();
    await answered('Left it alone.');
    expect(existsSync(victim)).toBe(true);
  });
});
