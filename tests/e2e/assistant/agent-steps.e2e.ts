// SPDX-License-Identifier: MIT
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedLlmServer } from '../../fixtures/scripted-llm-server';
import { runCli } from '../../integration/cli/cli-support';
import { typeInTerminal, waitForTerminalText } from '../support/app';
import { agentStep, answered as answeredIn, runCommand, toolMessages as agentToolMessages } from '../support/agent-page';
import { ask, chatRequests, openAssistantApp, type AssistantApp } from '../support/assistant-page';

let app: AssistantApp;
let llm: ScriptedLlmServer;
let page: Page;
const scratch = mkdtempSync(join(tmpdir(), 'ct-agent-'));

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

/** The tool results the model got in its latest request, as parsed JSON. */
const toolResults = (): Array<Record<string, unknown>> => agentToolMessages(llm).map((m) => JSON.parse(m) as Record<string, unknown>);

const answered = (text: string) => answeredIn(page, text);

const openAgentSettings = async () => {
  await page.getByTestId('settings-open').click();
  await page.getByTestId('agent-auto-run').waitFor();
};

const saveSettings = async () => {
  await page.getByTestId('settings-save').click();
  await expect.poll(() => page.getByTestId('settings-status').innerText()).toMatch(/Saved/);
  await page.getByTestId('settings-close').click();
};

describe('the assistant runs commands only with approval (OpenAI-compatible)', () => {
  it('Run: the command runs in the terminal as a recorded command; the model gets its exit code and output from the record', async () => {
    const command = "sh -c 'echo agent-out-$((40+2)); exit 3'";
    llm.enqueue(runCommand(command, 'To see what the script prints.'), {
      kind: 'text',
      text: 'It printed agent-out-42 and exited with 3.',
    });
    await ask(page, 'What does the script print?');
    const proposed = step(command);
    await proposed.and(page.locator('[data-state="proposed"]')).waitFor();
    expect(await proposed.innerText()).toContain('To see what the script prints.');
    expect(await proposed.getAttribute('data-risk')).not.toBe('destructive');
    // Nothing runs before Run: the model has not been asked again and no record exists.
    expect(chatRequests(llm)).toHaveLength(1);
    expect(await page.locator('[data-testid="command-item"]', { hasText: 'agent-out' }).count()).toBe(0);

    await proposed.getByTestId('agent-run').click();
    await answered('It printed agent-out-42 and exited with 3.');
    const done = step(command);
    expect(await done.getAttribute('data-state')).toBe('done');
    expect(await done.getAttribute('data-exit-code')).toBe('3');
    const commandId = await done.getAttribute('data-command-id');
    expect(commandId).toMatch(/:\d+$/);
    await waitForTerminalText(page, /^agent-out-42\s*$/m);
    // In history it is an ordinary record, tagged as the assistant's.
    await page
      .locator(`[data-testid="command-item"][data-command-id="${commandId}"][data-exit-code="3"][data-ran-by="assistant"]`)
      .waitFor();

    const [result] = toolResults();
    expect(result).toMatchObject({ status: 'ran', command_id: commandId, exit_code: 3, command_line: command });
    expect(String(result!['full_output'])).toContain('agent-out-42');
  });

  it("runs in the conversation's own terminal (a tab titled Assistant) when the asking terminal is busy, in the same directory", async () => {
    const tabs = page.getByTestId('tab');
    await typeInTerminal(page, 'sleep 60\n');
    await page.locator('[data-testid="command-item"][data-exit-code=""]', { hasText: 'sleep 60' }).waitFor();
    llm.enqueue(runCommand('pwd'), { kind: 'text', text: 'That is the directory.' });
    await ask(page, 'Where am I?');
    const proposed = step('pwd');
    expect(await proposed.innerText()).toContain('in a new terminal, “Assistant”');
    expect(await proposed.getAttribute('data-target')).toBe('Assistant');
    expect(await proposed.getAttribute('data-tool-call-id')).toBeTruthy();
    await proposed.getByTestId('agent-run').click();
    await answered('That is the directory.');
    await expect.poll(() => tabs.count()).toBe(2);
    await expect.poll(() => tabs.nth(1).innerText()).toContain('Assistant');
    expect(await step('pwd').getAttribute('data-target')).toBe('Assistant');
    expect(toolResults().at(-1)).toMatchObject({ status: 'ran', cwd: scratch, exit_code: 0 });
    expect(String(toolResults().at(-1)?.['full_output'])).toContain(scratch);
    // The busy terminal was left alone: its sleep still runs. Back to one tab for the next tests.
    await page.locator('[data-testid="command-item"][data-exit-code=""]', { hasText: 'sleep 60' }).waitFor();
    await tabs.nth(0).click();
    await page.locator('[data-testid="terminal"] .xterm').first().click();
    await page.keyboard.press('Control+C');
    await page.locator('[data-testid="command-item"][data-exit-code="130"]', { hasText: 'sleep 60' }).waitFor();
    await tabs.nth(1).getByTestId('tab-close').click();
    await expect.poll(() => tabs.count()).toBe(1);
  });

  it('a step proposed in tab A runs in A after the user switched to tab B', async () => {
    const tabs = page.getByTestId('tab');
    await waitForTerminalText(page, /[$#%>]\s*$/m);
    const command = 'echo ran-in-$((6*7))';
    llm.enqueue(runCommand(command), { kind: 'text', text: 'It ran in tab A.' });
    await ask(page, 'Echo in this tab.');
    const proposed = step(command).and(page.locator('[data-state="proposed"]'));
    await proposed.waitFor();
    const target = await proposed.getAttribute('data-target');
    const sessionA = await page.getByTestId('pane').first().getAttribute('data-session-id');
    await page.getByTestId('tab-new').click();
    await expect.poll(() => tabs.count()).toBe(2);
    await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await proposed.getAttribute('data-target')).toBe(target);
    await proposed.getByTestId('agent-run').click();
    await answered('It ran in tab A.');
    expect(toolResults().at(-1)).toMatchObject({ status: 'ran', session_id: sessionA });
    expect(await tabs.count()).toBe(2);
    await tabs.nth(1).getByTestId('tab-close').click();
    await expect.poll(() => tabs.count()).toBe(1);
  });

  it("a half-typed line survives a step: the command goes to the assistant's terminal instead", async () => {
    const tabs = page.getByTestId('tab');
    await page.locator('[data-testid="terminal"] .xterm').first().click();
    await page.keyboard.type('echo half-typed-line');
    await waitForTerminalText(page, /echo half-typed-line\s*$/m);
    const command = 'echo from-the-step';
    llm.enqueue(runCommand(command), { kind: 'text', text: 'It ran beside your line.' });
    await ask(page, 'Echo something.');
    const proposed = step(command).and(page.locator('[data-state="proposed"]'));
    await proposed.waitFor();
    expect(await proposed.getAttribute('data-target')).toBe('Assistant');
    await proposed.getByTestId('agent-run').click();
    await answered('It ran beside your line.');
    await expect.poll(() => tabs.count()).toBe(2);
    // The user's line is still there, whole, at their prompt; and nothing of theirs ran.
    await tabs.nth(0).click();
    await waitForTerminalText(page, /echo half-typed-line\s*$/m);
    expect(await page.locator('[data-testid="command-item"]', { hasText: 'half-typed-line' }).count()).toBe(0);
    await page.locator('[data-testid="terminal"] .xterm').first().click();
    await page.keyboard.press('Control+U');
    await tabs.nth(1).getByTestId('tab-close').click();
    await expect.poll(() => tabs.count()).toBe(1);
  });

  it('Skip: nothing runs and the model is told the user declined', async () => {
    const command = `touch ${scratch}/skipped-file`;
    llm.enqueue(runCommand(command), { kind: 'text', text: 'Understood, I will not create it.' });
    await ask(page, 'Create the file?');
    await step(command).getByTestId('agent-skip').click();
    await answered('Understood, I will not create it.');
    expect(await step(command).getAttribute('data-state')).toBe('skipped');
    expect(toolResults().at(-1)).toMatchObject({ status: 'declined' });
    expect(existsSync(join(scratch, 'skipped-file'))).toBe(false);
  });

  it('Edit: the edited command runs, and the result says so', async () => {
    llm.enqueue(runCommand('echo first-try'), { kind: 'text', text: 'The edited command ran.' });
    await ask(page, 'Echo something.');
    // Esc leaves the editor and nothing else: the answer still waits on the same step.
    await step('echo first-try').getByTestId('agent-edit').click();
    await page.getByTestId('agent-edit-input').press('Escape');
    await expect.poll(() => page.getByTestId('agent-edit-input').count()).toBe(0);
    expect(await step('echo first-try').getAttribute('data-state')).toBe('proposed');
    expect(await page.getByTestId('assistant-stop').count()).toBe(1);
    await step('echo first-try').getByTestId('agent-edit').click();
    await page.getByTestId('agent-edit-input').fill('echo edited-$((70+7))');
    await page.getByTestId('agent-edit-input').press('Enter');
    await answered('The edited command ran.');
    const edited = step('echo edited-$((70+7))');
    expect(await edited.getAttribute('data-state')).toBe('done');
    expect(await edited.getAttribute('data-edited')).toBe('true');
    await waitForTerminalText(page, /^edited-77\s*$/m);
    expect(toolResults().at(-1)).toMatchObject({ status: 'ran', edited_by_user: true, you_proposed: 'echo first-try', exit_code: 0 });
  });

  it('Stop during a long command sends Ctrl+C and ends the answer', async () => {
    llm.enqueue(runCommand('sleep 45'));
    await ask(page, 'Wait a while.');
    await step('sleep 45').getByTestId('agent-run').click();
    const running = step('sleep 45').and(page.locator('[data-state="running"][data-command-id]'));
    await running.waitFor();
    const commandId = await running.getAttribute('data-command-id');
    await page.getByTestId('assistant-stop').click();
    await step('sleep 45').and(page.locator('[data-state="stopped"]')).waitFor();
    // Ctrl+C ended it in the shell: its record ends with the shell's status for SIGINT.
    await page.locator(`[data-testid="command-item"][data-command-id="${commandId}"][data-exit-code="130"]`).waitFor({ timeout: 10_000 });
    expect(llm.pending()).toBe(0);
  });

  it('a command that needs the user is handed over, and the answer goes on when it ends', async () => {
    llm.enqueue(runCommand('less /etc/hostname'), { kind: 'text', text: 'You closed the pager.' });
    await ask(page, 'Show me the hostname file.');
    await step('less /etc/hostname').getByTestId('agent-run').click();
    const waiting = step('less /etc/hostname').and(page.locator('[data-state="running"][data-waiting="true"]'));
    await waiting.waitFor({ timeout: 10_000 });
    expect(await waiting.innerText()).toMatch(/Waiting for you.*pager/);
    await typeInTerminal(page, 'q');
    await answered('You closed the pager.');
    expect(await step('less /etc/hostname').getAttribute('data-state')).toBe('done');
    expect(toolResults().at(-1)).toMatchObject({ status: 'ran', handed_to_user: 'a pager' });
  });

  it('with the allow-list on, a read-only command runs unasked; a destructive one, even hidden in a pipeline, still asks', async () => {
    await openAgentSettings();
    await page.getByTestId('agent-auto-run').check();
    await saveSettings();
    const hidden = `find ${scratch} -name '*.tmp' | xargs rm -rf`;
    llm.enqueue(runCommand('ls -la'), runCommand(hidden), { kind: 'text', text: 'Listed, and left the files alone.' });
    await ask(page, 'Tidy up the temporary files.');
    await step('ls -la').and(page.locator('[data-state="done"]')).waitFor({ timeout: 15_000 });
    const destructive = step(hidden);
    await destructive.and(page.locator('[data-state="proposed"]')).waitFor();
    expect(await destructive.getAttribute('data-risk')).toBe('destructive');
    expect(await destructive.getByTestId('agent-risk-warning').innerText()).toMatch(/rm -rf/);
    await destructive.getByTestId('agent-skip').click();
    await answered('Listed, and left the files alone.');
  });

  it('stops at the step limit and tells the model to answer', async () => {
    await openAgentSettings();
    await page.getByTestId('agent-auto-run').uncheck();
    await page.getByTestId('agent-max-steps').fill('2');
    await saveSettings();
    llm.enqueue(runCommand('echo step-1'), runCommand('echo step-2'), runCommand('echo step-3'), {
      kind: 'text',
      text: 'Stopped after two steps.',
    });
    await ask(page, 'Count to three.');
    await step('echo step-1').getByTestId('agent-run').click();
    await step('echo step-2').getByTestId('agent-run').click();
    await answered('Stopped after two steps.');
    const third = step('echo step-3');
    expect(await third.getAttribute('data-state')).toBe('skipped');
    expect(await third.innerText()).toMatch(/at most 2 commands/);
    expect(String(toolResults().at(-1)?.['note'])).toMatch(/Step limit reached/);
    await waitForTerminalText(page, /^step-2\s*$/m);
    expect(await page.locator('[data-testid="command-item"]', { hasText: 'echo step-3' }).count()).toBe(0);
  });
  it('a window that reloads while a command waits shows it again, and Run still works', async () => {
    llm.enqueue(runCommand('echo after-reload-$((3*3))'), { kind: 'text', text: 'It ran after the reload.' });
    await ask(page, 'Echo after a reload.');
    await step('echo after-reload-$((3*3))').and(page.locator('[data-state="proposed"]')).waitFor();
    await page.reload();
    const again = step('echo after-reload-$((3*3))').and(page.locator('[data-state="proposed"]'));
    await again.waitFor({ timeout: 20_000 });
    await again.getByTestId('agent-run').click();
    await answered('It ran after the reload.');
    await waitForTerminalText(page, /^after-reload-9\s*$/m);
  });

  it('a step asked from a private tab runs in a private terminal opened from it: nothing recorded, and the model is told its output is private', async () => {
    const tabs = page.getByTestId('tab');
    await page.getByTestId('tab-private').click();
    await expect.poll(() => tabs.count()).toBe(2);
    await expect.poll(() => tabs.nth(1).getAttribute('data-private')).toBe('true');
    const command = 'echo agent-private-$((40+2))';
    llm.enqueue(runCommand(command, 'To print it.'), { kind: 'text', text: 'It ran in your private pane.' });
    await ask(page, 'Print the private marker.');
    const proposed = step(command).and(page.locator('[data-state="proposed"]'));
    await proposed.waitFor();
    expect(await proposed.getAttribute('data-target')).toBe('Assistant');
    await proposed.getByTestId('agent-run').click();
    await answered('It ran in your private pane.');
    const done = step(command);
    expect(await done.getAttribute('data-state')).toBe('done');
    expect(await done.innerText()).toMatch(/private terminal/);
    // It ran, where the user sees it: in the assistant's tab, private as well (opened from the private one).
    await expect.poll(() => tabs.count()).toBe(3);
    await tabs.nth(2).click();
    await page.locator('[data-testid="pane"] .xterm-rows', { hasText: 'agent-private-42' }).waitFor({ timeout: 15_000 });
    expect(await tabs.nth(1).getAttribute('data-private')).toBe('true');
    expect(await tabs.nth(2).getAttribute('data-private')).toBe('true');
    const result = toolResults().at(-1)!;
    expect(result).toMatchObject({ status: 'ran in a private terminal', command_line: command });
    expect(result).not.toHaveProperty('full_output');
    expect(String(result['note'])).toMatch(/not available/);

    // A recorded command after it: once the CLI finds that one, it would have found the step's.
    await tabs.nth(0).click();
    await typeInTerminal(page, 'echo agent-private-barrier\n');
    await page.locator('[data-testid="command-item"]', { hasText: 'echo agent-private-barrier' }).waitFor({ timeout: 15_000 });
    const run = await runCli(['history', 'search', 'agent-private', '--data-dir', app.server.dataDir, '--json']);
    expect((JSON.parse(run.stdout) as Array<{ command_line: string }>).map((row) => row.command_line)).toEqual([
      'echo agent-private-barrier',
    ]);
    await tabs.nth(2).getByTestId('tab-close').click();
    await tabs.nth(1).getByTestId('tab-close').click();
    await expect.poll(() => tabs.count()).toBe(1);
  });
});
