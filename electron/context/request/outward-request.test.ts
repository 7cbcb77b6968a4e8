// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { commandRecord } from '../../../shared/testing/command-record';
import { ContextEngine } from '../context-engine';
import { InMemoryCommandSource } from '../testing/in-memory-command-source';
import {
  InMemoryConversationRepository,
  InMemoryModelConfigRepository,
  InMemoryRedactionSettingsRepository,
} from '../testing/in-memory-repositories';
import { cutBeforeRedactCases, directoryCase, githubToken, leaksPart, type LeakCase } from '../testing/outward-cases';

const NOW = 1_750_000_000_000;

/**
 * Issue 38: a model request cut and prefixed long lines before it redacted them, so a `.pgpass`
 * line, JWT pieces, an AWS session token's tail and a token cut by the store's own 16K head/tail
 * went out, while the CLI and MCP redacted the same records. Every case sits in the active
 * terminal (recent commands), in another terminal (the catalog), pinned, and behind get_commands.
 */
const setUp = async (cases: readonly LeakCase[], sessions: readonly string[] = ['active', 'other']) => {
  const commands = new InMemoryCommandSource(() => NOW);
  commands.addCommand(
    commandRecord({
      sessionId: 'quiet',
      seq: 0,
      commandLine: 'ls',
      cwd: '/home/dev',
      startedAt: NOW - 1000,
      endedAt: NOW - 900,
      exitCode: 0,
    }),
    'a\n',
  );
  cases.forEach((c, i) => {
    for (const sessionId of sessions) {
      const record = commandRecord({
        sessionId,
        seq: i,
        commandLine: c.commandLine,
        cwd: c.cwd ?? '/home/dev',
        startedAt: NOW - (cases.length - i) * 60_000,
        endedAt: NOW - (cases.length - i) * 60_000 + 500,
        exitCode: 0,
        outputStart: 0,
        outputEnd: c.cleanOutput.length,
        outputSummary: c.outputSummary,
      });
      commands.addCommand(record, c.cleanOutput);
    }
  });
  const engine = await ContextEngine.create({
    commands,
    conversations: new InMemoryConversationRepository(),
    modelConfigs: new InMemoryModelConfigRepository(),
    redactionSettings: new InMemoryRedactionSettingsRepository(),
    now: () => NOW,
  });
  return engine;
};

const expectNoLeak = (text: string, cases: readonly LeakCase[]) => {
  const leaked = cases.filter((c) => c.secrets.some((s) => leaksPart(text, s)));
  expect(leaked.map((c) => c.name)).toEqual([]);
};

// The first request loads the tokenizer; on a loaded two-core machine that alone passed 5 s.
describe('a model request redacts before it cuts', { timeout: 30_000 }, () => {
  const cases = [...cutBeforeRedactCases(), directoryCase()];

  it.each([
    ['recent commands', { sessionId: 'active', pinnedCommandIds: [] }],
    ['the catalog', { sessionId: 'quiet', pinnedCommandIds: [] }],
    ['pinned commands', { sessionId: 'quiet', pinnedCommandIds: cases.map((_, i) => `other:${i}`) }],
  ])('sends no part of a secret in %s', async (name, ask) => {
    const engine = await setUp(cases, name === 'recent commands' ? ['active'] : ['other']);
    const { context, preview } = await engine.buildRequest({ question: 'what happened?', model: 'gpt-4o', ...ask });
    expectNoLeak(JSON.stringify(context), cases);
    expectNoLeak(JSON.stringify(preview), cases);
  });

  it('returns no part of a secret from get_commands', async () => {
    const engine = await setUp(cases, ['other']);
    const ids = cases.map((_, i) => `other:${i}`);
    expectNoLeak(await engine.runTool({ command_ids: ids }), cases);
  });

  it('withholds the whole output of a command that exists to print a secret', async () => {
    const token = githubToken();
    const printed: LeakCase = {
      name: 'gh auth token',
      commandLine: 'gh auth token',
      cleanOutput: `${token}\n`,
      outputSummary: `${token}\n`,
      secrets: [token],
    };
    const engine = await setUp([printed], ['other']);
    const result = await engine.runTool({ command_ids: ['other:0'] });
    expectNoLeak(result, [printed]);
    expect(result).toContain('[REDACTED:printed-secret]');
  });

  it('cites a command by its redacted line and directory', async () => {
    const dir = [directoryCase()];
    const engine = await setUp(dir);
    const [cited] = await engine.citedCommands(['other:0']);
    expect(cited).toBeDefined();
    expectNoLeak(JSON.stringify(cited), dir);
  });
});

describe('the short track of recent actions', () => {
  it('cuts a command line to 80 characters only after redacting it', async () => {
    const token = githubToken();
    const engine = await setUp([], []);
    const line = `curl -fsS -H "Authorization: token ${token}" https://api.github.com/repos/acme/widgets/actions/runs`;
    engine.commandFinished(
      commandRecord({
        sessionId: 'quiet',
        seq: 5,
        commandLine: `${'x'.repeat(60)} ${line}`,
        startedAt: NOW - 500,
        endedAt: NOW - 400,
        exitCode: 0,
        outputSummary: `ok ${'y'.repeat(50)} ${token}\n`,
      }),
    );
    const { context } = await engine.buildRequest({
      question: 'what happened?',
      model: 'gpt-4o',
      sessionId: 'quiet',
      pinnedCommandIds: [],
    });
    expect(leaksPart(JSON.stringify(context), token, 8)).toBe(false);
  });
});
