// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { toOpenAITools } from '../../llm/openai-messages';
import { DEFAULT_GET_COMMANDS_OPTIONS, getCommands, getCommandsTool, parseGetCommandsArgs, runGetCommandsTool } from './get-commands-tool';
import { InMemoryCommandSource } from '../testing/in-memory-command-source';
import { commandRecord } from '../../../shared/testing/command-record';
import { Redactor } from '../redaction';

const source = () => {
  const s = new InMemoryCommandSource(() => 10_000_000);
  s.addCommand(
    commandRecord({ sessionId: 'a', seq: 1, commandLine: 'make test', cwd: '/src', exitCode: 2, startedAt: 1000, endedAt: 2000 }),
    'FAIL: test_parse\nexpected 3 got 4\n',
  );
  s.addCommand(
    commandRecord({ sessionId: 'a', seq: 2, commandLine: 'seq 100000', cwd: '/src', exitCode: 0, startedAt: 3000, endedAt: 4000 }),
    Array.from({ length: 100_000 }, (_, i) => `${i + 1}`).join('\n'),
  );
  s.addCommand(
    commandRecord({ sessionId: 'b', seq: 1, commandLine: 'cat bundle.min.js', cwd: '/web', exitCode: 0, startedAt: 5000, endedAt: 6000 }),
    'x'.repeat(5_000_000),
  );
  s.addCommand(
    commandRecord({ sessionId: 'b', seq: 2, commandLine: 'env | grep TOKEN', cwd: '/web', exitCode: 0, startedAt: 7000, endedAt: 8000 }),
    `GITHUB_TOKEN=${'gh' + 'p_'}${'A1b2C3d4'.repeat(5).slice(0, 36)}\n`,
  );
  s.addCommand(commandRecord({ sessionId: 'b', seq: 3, commandLine: null, cwd: null, exitCode: null, startedAt: 9000, endedAt: null }));
  return s;
};

describe('get_commands', () => {
  const redactor = new Redactor();

  it('returns command line, cwd, session, exit code and full clean output for known ids', async () => {
    const result = await getCommands(source(), ['a:1'], redactor);
    expect(result).toEqual({
      commands: [
        {
          commandId: 'a:1',
          sessionId: 'a',
          commandLine: 'make test',
          cwd: '/src',
          exitCode: 2,
          startedAt: 1000,
          endedAt: 2000,
          output: 'FAIL: test_parse\nexpected 3 got 4',
          omittedLines: 0,
          omittedChars: 0,
        },
      ],
      unknownIds: [],
      redactions: {},
    });
  });

  it('reports unknown ids instead of throwing, and keeps the known ones', async () => {
    const result = await getCommands(source(), ['nope:1', 'a:1', 'a:99'], redactor);
    expect(result.commands.map((c) => c.commandId)).toEqual(['a:1']);
    expect(result.unknownIds).toEqual(['nope:1', 'a:99']);
  });

  it('caps huge output per command with head, tail and omitted-lines/chars markers', async () => {
    const result = await getCommands(source(), ['a:2', 'b:1'], redactor);
    const [lines, blob] = result.commands;
    expect(lines!.omittedLines).toBe(100_000 - 400);
    expect(lines!.output.startsWith('1\n2\n3\n')).toBe(true);
    expect(lines!.output).toContain('... (99600 lines omitted) ...');
    expect(lines!.output.endsWith('99999\n100000')).toBe(true);
    expect(blob!.omittedChars).toBeGreaterThan(4_900_000);
    expect(blob!.output.length).toBeLessThanOrEqual(DEFAULT_GET_COMMANDS_OPTIONS.maxCharsPerCommand);
    expect(blob!.output).toMatch(/\.\.\. \(\d+ chars omitted\) \.\.\./);
  });

  it('keeps a whole batch under the total budget', async () => {
    const opts = { ...DEFAULT_GET_COMMANDS_OPTIONS, maxTotalChars: 20_000 };
    const result = await getCommands(source(), ['a:2', 'b:1'], redactor, opts);
    expect(result.commands.reduce((sum, c) => sum + c.output.length, 0)).toBeLessThanOrEqual(20_000);
  });

  it('redacts secrets in output and counts them', async () => {
    const result = await getCommands(source(), ['b:2'], redactor);
    expect(result.commands[0]!.output).toBe('GITHUB_TOKEN=[REDACTED:github-token]');
    expect(result.redactions).toEqual({ 'github-token': 1 });
  });

  it('handles a running command without output or command line', async () => {
    const result = await getCommands(source(), ['b:3'], redactor);
    expect(result.commands[0]).toMatchObject({ commandLine: null, exitCode: null, endedAt: null, output: '' });
  });

  it('takes at most maxIds per call and reports the rest', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => `a:${i}`);
    const result = await getCommands(source(), ids, redactor);
    expect(result.commands.map((c) => c.commandId)).toEqual(['a:1', 'a:2']);
    expect(result.unknownIds).toHaveLength(23);
  });
});

describe('get_commands as a model tool', () => {
  it('is declared with a JSON schema that fits both chat APIs', () => {
    const tool = getCommandsTool();
    expect(tool.name).toBe('get_commands');
    expect(tool.parameters).toMatchObject({ type: 'object', required: ['command_ids'] });
    expect(toOpenAITools([tool])).toMatchObject([{ type: 'function', function: { name: 'get_commands' } }]);
  });

  it('parses arguments as JSON strings (OpenAI) or objects (Anthropic), deduplicated', () => {
    expect(parseGetCommandsArgs('{"command_ids":["a:1","a:1"," b:2 "]}')).toEqual({ ids: ['a:1', 'b:2'] });
    expect(parseGetCommandsArgs({ command_ids: ['a:1'] })).toEqual({ ids: ['a:1'] });
    expect(parseGetCommandsArgs('{not json')).toEqual({ error: 'arguments are not valid JSON' });
    expect(parseGetCommandsArgs({ ids: [] })).toHaveProperty('error');
  });

  it('answers the model in the seed’s snake_case shape with unknown ids listed', async () => {
    const json = JSON.parse(await runGetCommandsTool(source(), '{"command_ids":["a:1","zz:9"]}', new Redactor()));
    expect(json.commands[0]).toMatchObject({
      command_id: 'a:1',
      session_id: 'a',
      command_line: 'make test',
      cwd: '/src',
      exit_code: 2,
      full_output: 'FAIL: test_parse\nexpected 3 got 4',
    });
    expect(json.unknown_ids).toEqual(['zz:9']);
    expect(JSON.parse(await runGetCommandsTool(source(), 'bad', new Redactor()))).toHaveProperty('error');
  });

  it('returns remote output like local output, saying where it ran', async () => {
    const s = source();
    s.addCommand(
      commandRecord({
        sessionId: 'a',
        seq: 3,
        commandLine: 'journalctl -u web',
        cwd: '/home/ops',
        hostname: 'web-1',
        exitCode: 1,
        startedAt: 9000,
        endedAt: 9500,
        remote: { host: 'web', user: 'ops' },
      }),
      'web.service: failed\n',
    );
    const json = JSON.parse(await runGetCommandsTool(s, '{"command_ids":["a:3","a:1"]}', new Redactor()));
    expect(json.commands[0]).toMatchObject({
      command_id: 'a:3',
      host: 'ops@web-1 over ssh',
      cwd: '/home/ops',
      exit_code: 1,
      full_output: 'web.service: failed',
    });
    expect(json.commands[1]).not.toHaveProperty('host');
  });
});
