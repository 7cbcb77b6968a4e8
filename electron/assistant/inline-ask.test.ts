// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../shared/domain/command';
import type { SessionInfo } from '../../shared/ipc/session';
import { commandRecord } from '../../shared/testing/command-record';
import { DEFAULT_REDACTION_SETTINGS } from '../context/redaction';
import { LlmError } from '../llm/errors';
import { FakeProvider, type ScriptedRound } from '../llm/testing/collect';
import type { ChatProvider, ChatStreamEvent } from '../llm/types';
import { InlineAskService } from './inline-ask';

type InlineSessions = ConstructorParameters<typeof InlineAskService>[0]['sessions'];
import { InlineAskError } from './inline-ask-answer';
import { inlineMessages, osDescription, shellName } from './inline-ask-prompt';

const SECRET = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
const MODEL = { providerId: 'local', model: 'fake-model' };

const session: SessionInfo = {
  id: 's1',
  shell: '/usr/bin/bash',
  hostname: 'devbox',
  cwd: '/home/dev/api',
  title: 'bash',
  mode: 'integrated',
  startedAt: 1,
  endedAt: null,
};

const history: CommandRecord[] = [
  commandRecord({ sessionId: 's1', seq: 1, commandLine: 'npm test', exitCode: 1, endedAt: 10 }),
  commandRecord({ sessionId: 's1', seq: 2, commandLine: `export GITHUB_TOKEN=${SECRET}`, exitCode: 0, endedAt: 20 }),
  commandRecord({ sessionId: 's1', seq: 3, commandLine: 'tail -f log', exitCode: null, endedAt: null }),
];

const sessions = (known: readonly SessionInfo[], commands: readonly CommandRecord[] = history) => {
  const asked: Array<{ sessionId: string; limit: number }> = [];
  const source: InlineSessions = {
    flush: async () => undefined,
    getSession: async (id) => known.find((s) => s.id === id),
    recentCommands: async (sessionId, limit) => {
      asked.push({ sessionId, limit });
      return commands.slice(-limit);
    },
  };
  return { source, asked };
};

const answer = (text: string, finishReason: 'stop' | 'length' = 'stop'): ChatStreamEvent[] => [
  { type: 'text-delta', text },
  { type: 'done', finishReason, rawFinishReason: finishReason },
];

const serviceWith = (
  rounds: ScriptedRound[],
  known: readonly SessionInfo[] = [session],
  provider: ChatProvider = new FakeProvider(rounds),
) => {
  const { source, asked } = sessions(known);
  const service = new InlineAskService({
    sessions: source,
    settings: { resolve: async () => ({ provider, settings: {} as never, model: MODEL.model }) },
    redaction: () => DEFAULT_REDACTION_SETTINGS,
    os: { platform: 'linux', release: '6.1.0' },
  });
  return { service, provider: provider as FakeProvider, asked };
};

const request = (words: string, extra: { previous?: { words: string; command: string }; sessionId?: string; shell?: string } = {}) => ({
  requestId: 'req-00000001',
  sessionId: extra.sessionId ?? 's1',
  words,
  model: MODEL,
  ...(extra.shell ? { shell: extra.shell } : {}),
  ...(extra.previous ? { previous: extra.previous } : {}),
});

describe('the inline ask request', () => {
  it('names the OS and the shell as a person would', () => {
    expect(osDescription('darwin', '23.4.0')).toBe('macOS 23.4.0 (darwin)');
    expect(shellName('/usr/bin/zsh')).toBe('zsh');
    expect(shellName('C:\\Program Files\\PowerShell\\7\\pwsh.exe')).toBe('pwsh');
    expect(shellName('')).toBeNull();
  });

  it('sends the words with the OS, shell, directory and last commands with their status, redacted, without tools', async () => {
    const { service, provider, asked } = serviceWith([answer('```bash\nls -la /tmp\n```')]);
    await expect(service.ask(request(`list /tmp, token ${SECRET}`))).resolves.toEqual({ command: 'ls -la /tmp' });
    expect(asked).toEqual([{ sessionId: 's1', limit: 10 }]);
    const [sent] = provider.requests;
    expect(sent?.tools).toBeUndefined();
    expect(sent?.maxOutputTokens).toBeLessThanOrEqual(1024);
    const [system, user] = sent!.messages;
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('exactly one bash command for Linux 6.1.0 (linux)');
    expect(system?.content).toContain('Working directory: /home/dev/api');
    expect(system?.content).toContain('$ npm test   # exit 1');
    expect(system?.content).toContain('$ tail -f log   # still running');
    expect(system?.content).toContain('[REDACTED:');
    expect(JSON.stringify(sent!.messages)).not.toContain(SECRET);
    expect(user).toEqual({ role: 'user', content: expect.stringMatching(/^list \/tmp, token \[REDACTED:[^\]]+\]$/) });
  });

  it('replays the exchange being refined before the new words', async () => {
    const { service, provider } = serviceWith([answer('ls -la')]);
    await service.ask(request('only hidden ones', { previous: { words: 'list files', command: 'ls' } }));
    expect(provider.requests[0]!.messages.slice(1)).toEqual([
      { role: 'user', content: 'list files' },
      { role: 'assistant', content: 'ls' },
      { role: 'user', content: 'only hidden ones' },
    ]);
  });

  it('sends neither directory nor commands for a session the store does not have (a private terminal)', async () => {
    const { service, provider, asked } = serviceWith([answer('pwd')], []);
    await service.ask(request('where am I', { sessionId: 'private-1', shell: '/bin/zsh' }));
    const system = provider.requests[0]!.messages[0]!.content;
    expect(system).toContain('zsh command');
    expect(system).toContain('private terminal');
    expect(system).not.toContain('/home/dev/api');
    expect(asked).toEqual([]);
  });

  it('describes an ssh session’s commands by the remote host, directory and shell', async () => {
    const remote = commandRecord({
      sessionId: 's1',
      seq: 4,
      commandLine: 'uptime',
      exitCode: 0,
      endedAt: 30,
      cwd: '/srv',
      hostname: 'web1',
      shell: 'sh',
      remote: { host: 'web1', user: 'ops' },
    });
    const context = await new InlineAskService({
      sessions: sessions([session], [...history, remote]).source,
      settings: { resolve: async () => Promise.reject(new Error('unused')) },
      redaction: () => DEFAULT_REDACTION_SETTINGS,
      os: { platform: 'linux', release: '6.1.0' },
    }).context('s1');
    expect(context).toMatchObject({ shell: 'sh', cwd: '/srv', hostname: 'web1' });
    expect(inlineMessages(context, 'x', (t) => t)[0]!.content).toContain('[ops@web1 over ssh] $ uptime   # exit 0');
  });

  it('redacts the remote user and host as it redacts the line', () => {
    const remote = commandRecord({
      sessionId: 's1',
      seq: 4,
      commandLine: 'uptime',
      exitCode: 0,
      endedAt: 30,
      hostname: 'web1',
      remote: { host: 'web1', user: 'secret-user' },
    });
    const context = { os: 'Linux', shell: 'bash', cwd: null, hostname: null, commands: [remote], private: false };
    expect(inlineMessages(context, 'x', (t) => t.replaceAll('secret-user', '[REDACTED:x]'))[0]!.content).toContain(
      '[[REDACTED:x]@web1 over ssh] $ uptime',
    );
  });
});

describe('the inline ask answer', () => {
  it('is a domain error with a plain message when the model gives prose, or stops mid-answer', async () => {
    const { service } = serviceWith([answer('I am not sure what you mean.'), answer('```bash\nfind / -name', 'length')]);
    await expect(service.ask(request('hm'))).rejects.toMatchObject({
      code: 'failed',
      reason: 'no-command',
      message: 'The model did not answer with a command.',
    });
    await expect(service.ask(request('find'))).rejects.toMatchObject({ reason: 'no-command', message: expect.stringContaining('cut off') });
  });

  it('passes a provider failure on in its own words', async () => {
    const { service } = serviceWith([new LlmError('unreachable', 'Cannot reach http://127.0.0.1:11434.')]);
    const failure = service.ask(request('list'));
    await expect(failure).rejects.toBeInstanceOf(InlineAskError);
    await expect(failure).rejects.toMatchObject({ reason: 'provider', message: 'Cannot reach http://127.0.0.1:11434.' });
  });

  it('stops a request in flight when its client cancels it', async () => {
    let started!: () => void;
    const streaming = new Promise<void>((resolve) => (started = resolve));
    const hanging: ChatProvider = {
      kind: 'openai-compatible',
      baseUrl: 'http://fake.invalid',
      listModels: async () => [],
      async *stream(req) {
        started();
        await new Promise<void>((_resolve, reject) =>
          req.signal?.addEventListener('abort', () => reject(new LlmError('cancelled', 'Cancelled.'))),
        );
        yield { type: 'text-delta', text: 'never' };
      },
    };
    const { service } = serviceWith([], [session], hanging);
    const pending = service.ask(request('slow'));
    await streaming;
    expect(service.cancel('req-00000001')).toBe(true);
    await expect(pending).rejects.toMatchObject({ reason: 'cancelled' });
    expect(service.cancel('req-00000001')).toBe(false);
  });
});
