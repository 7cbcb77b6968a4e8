// SPDX-License-Identifier: MIT
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeInTerminal } from '../support/app';
import {
  ask,
  bodyOf,
  contentText,
  openAssistantApp,
  usage,
  waitForAnswer,
  waitForChatRequests,
  type AssistantApp,
} from '../support/assistant-page';

/**
 * Issue 23: the AGENTS.md at the root of the active terminal's repository goes into the
 * assistant's context with its own inspector section, and the setting takes it out again.
 */
const RULE = 'QUOKKA-RULE-17: format every shell snippet with two-space indents.';

/** What a user keeps in their own, git-ignored `.env` (not a secret pattern: redaction must not be what hides it). */
const DOTENV = 'DOTENV_MARKER=quokka-walnut-93';

let app: AssistantApp;
let page: Page;
let repo: string;
/** A cloned repository whose committed AGENTS.md is a link to the user's ignored `.env`. */
let linked: string;

beforeAll(async () => {
  repo = realpathSync(mkdtempSync(join(tmpdir(), 'ct-agents-md-')));
  execFileSync('git', ['init', '-q', repo]);
  mkdirSync(join(repo, 'pkg', 'src'), { recursive: true });
  writeFileSync(join(repo, 'AGENTS.md'), `# Rules for this repository\n\n${RULE}\n`);
  // Only a file the repository holds is read (electron/context/project/agents-file.ts).
  execFileSync('git', ['-C', repo, 'add', 'AGENTS.md']);
  linked = realpathSync(mkdtempSync(join(tmpdir(), 'ct-agents-link-')));
  execFileSync('git', ['init', '-q', linked]);
  writeFileSync(join(linked, '.gitignore'), '.env\n');
  writeFileSync(join(linked, '.env'), `${DOTENV}\n`);
  symlinkSync('.env', join(linked, 'AGENTS.md'));
  execFileSync('git', ['-C', linked, 'add', '.gitignore', 'AGENTS.md']);
  app = await openAssistantApp({ integrated: true });
  page = app.page;
});

afterAll(async () => {
  await app?.close();
  if (repo) rmSync(repo, { recursive: true, force: true });
  if (linked) rmSync(linked, { recursive: true, force: true });
});

const userText = (body: ReturnType<typeof bodyOf>): string =>
  body.messages
    .filter((m) => m.role === 'user')
    .map((m) => contentText(m.content))
    .join('\n');

const inspector = () => page.getByTestId('context-inspector');
const projectSection = () => inspector().locator('[data-testid="inspector-section"][data-section-id="project-instructions"]');

/** Runs a command and waits until it is recorded as finished with exit 0. */
const run = async (line: string, finishedBefore: number): Promise<void> => {
  await typeInTerminal(page, `${line}\r`);
  await expect
    .poll(() => page.locator('[data-testid="command-item"][data-exit-code="0"]').count(), { timeout: 15_000 })
    .toBeGreaterThan(finishedBefore);
};

describe("the repository's AGENTS.md", () => {
  it('is sent with a question asked from a subdirectory, and shown in the inspector with its tokens', async () => {
    await run(`cd '${join(repo, 'pkg', 'src')}'`, 0);
    // The prompt after `pwd` reports the cwd `cd` set: the session is in the repository by then.
    await run('pwd', 1);
    app.llm.enqueue({ kind: 'text', text: 'Noted the repository rules.' });
    await ask(page, 'Which rules apply here?');
    await waitForAnswer(page, 'Noted the repository rules.');
    const [first] = await waitForChatRequests(app.llm, 1);
    const sent = userText(bodyOf(first!));
    expect(sent).toContain(RULE);
    expect(sent).toContain(`Project instructions from ${join(repo, 'AGENTS.md')}`);

    await page.getByTestId('inspect-context').click();
    const total = page.getByTestId('inspector-total');
    await total.waitFor();
    await projectSection().waitFor({ timeout: 10_000 });
    expect(await projectSection().locator('.section-title').innerText()).toBe('Project instructions (AGENTS.md)');
    const meta = await projectSection().locator('.section-meta').innerText();
    expect(Number(/([\d,]+) tokens/.exec(meta)![1]!.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(await projectSection().getByTestId('inspector-section-source').innerText()).toContain(join(repo, 'AGENTS.md'));
    expect(await projectSection().getByTestId('inspector-section-text').innerText()).toContain(RULE);
    // The meter counts the same preview, AGENTS.md included.
    await expect.poll(async () => (await usage(page)).tokens).toBe(Number(await total.getAttribute('data-tokens')));
    await page.screenshot({ path: 'test-results/agents-md-inspector.png' });
    await page.keyboard.press('Escape');
    await inspector().waitFor({ state: 'detached' });
  });

  it("never sends the user's ignored .env through a committed AGENTS.md -> .env", async () => {
    await run(`cd '${linked}'`, 2);
    await run('pwd', 3);
    app.llm.enqueue({ kind: 'text', text: 'No rules file here.' });
    await ask(page, 'Any rules in this one?');
    await waitForAnswer(page, 'No rules file here.');
    const requests = await waitForChatRequests(app.llm, 2);
    const sent = userText(bodyOf(requests.at(-1)!));
    expect(sent).toContain('Any rules in this one?');
    expect(JSON.stringify(bodyOf(requests.at(-1)!))).not.toContain('quokka-walnut');
    expect(sent).not.toContain('<project-instructions>');
    // Back in the first repository, whose tracked AGENTS.md the next test turns off.
    await run(`cd '${join(repo, 'pkg', 'src')}'`, 4);
  });

  it('is left out of the next request once the setting is off', async () => {
    await page.getByTestId('settings-open').click();
    const box = page.getByTestId('agent-project-instructions');
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    await box.setChecked(false);
    await page.getByTestId('settings-save').click();
    await page
      .getByTestId('settings-status')
      .filter({ hasText: /^Saved/ })
      .waitFor();
    await page.getByTestId('settings-close').click();
    await page.getByTestId('settings-page').waitFor({ state: 'detached' });

    app.llm.enqueue({ kind: 'text', text: 'Answered without the rules file.' });
    await ask(page, 'And now?');
    await waitForAnswer(page, 'Answered without the rules file.');
    const requests = await waitForChatRequests(app.llm, 3);
    const sent = userText(bodyOf(requests.at(-1)!));
    expect(sent).toContain('And now?');
    expect(sent).not.toContain(RULE);
    expect(sent).not.toContain('<project-instructions>');

    await page.getByTestId('inspect-context').click();
    await page.getByTestId('inspector-total').waitFor();
    await inspector().locator('[data-testid="inspector-section"][data-section-id="question"]').waitFor();
    expect(await projectSection().count()).toBe(0);
    await page.keyboard.press('Escape');
  });
});
