// SPDX-License-Identifier: MIT
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderSettings, TerminalSettings } from '../../shared/ipc/settings';
import { sendJson, sse, startRawLlmServer, startSse } from '../../tests/fixtures/llm-error-server';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../tests/fixtures/scripted-llm-server';
import { FileKeyStore } from '../llm/key-store';
import { collect } from '../llm/testing/collect';
import { DEFAULT_PROVIDER } from '../../shared/settings/assistant-schema';
import { DEFAULT_SETTINGS } from '../../shared/settings/registry';
import { MemoryKeyValueStore } from './testing/memory-key-value-store';
import { SettingsService } from './settings-service';

const KEY = 'sk-canary-settings-0123456789';

let dir: string;
let kv: MemoryKeyValueStore;
let server: ScriptedLlmServer;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'contexterm-settings-'));
  kv = new MemoryKeyValueStore();
  server = await startScriptedLlmServer({ models: ['llama3.2', 'qwen2.5'] });
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const open = (env: Record<string, string> = {}) =>
  SettingsService.open({ kv, keys: new FileKeyStore(join(dir, 'keys.json')), env, now: () => 1_700_000_000_000 });

const local = (overrides: Partial<ProviderSettings> = {}): ProviderSettings => ({
  ...DEFAULT_PROVIDER,
  id: 'local',
  label: 'Scripted',
  baseUrl: server.openaiBaseUrl,
  defaultModel: 'llama3.2',
  ...overrides,
});

/** Everything a renderer could ever get from the service, as text. */
const everythingVisible = async (service: SettingsService) => JSON.stringify([await service.view(), service.current, service.problems]);

describe('SettingsService: defaults and environment', () => {
  it('starts with Ollama as the provider and the documented defaults', async () => {
    const view = await (await open()).view();
    expect(view.providers).toEqual([{ ...DEFAULT_PROVIDER, hasKey: false, keySource: null, models: [], modelsFetchedAt: null }]);
    expect(view).toMatchObject({
      defaultProviderId: 'ollama',
      terminal: DEFAULT_SETTINGS.terminal,
      keyStorage: { backend: 'file', secure: false },
      environmentProviderId: null,
    });
    expect(view.relevance.windowMinutes).toBe(120);
  });

  it('takes the default provider from CONTEXTERM_* and keeps its key in memory only', async () => {
    const service = await open({
      CONTEXTERM_PROVIDER: 'anthropic',
      CONTEXTERM_BASE_URL: server.url,
      CONTEXTERM_MODEL: 'claude-test',
      CONTEXTERM_API_KEY: KEY,
    });
    const view = await service.view();
    expect(view.defaultProviderId).toBe('environment');
    expect(view.providers[0]).toMatchObject({
      id: 'environment',
      kind: 'anthropic',
      baseUrl: server.url,
      defaultModel: 'claude-test',
      hasKey: true,
      keySource: 'environment',
    });
    expect(await everythingVisible(service)).not.toContain(KEY);
    expect(readdirSync(dir)).toEqual([]);
    expect([...kv.values.values()].join()).not.toContain(KEY);

    server.enqueue({ kind: 'text', text: 'hi' });
    const { provider, model } = await service.resolve();
    expect(model).toBe('claude-test');
    await collect(provider.stream({ model: model!, messages: [{ role: 'user', content: 'hello' }] }));
    expect(JSON.stringify(server.requests[0]!.headers)).toContain(KEY);
  });

  it('ignores an unknown CONTEXTERM_PROVIDER and says so without echoing the key', async () => {
    const service = await open({ CONTEXTERM_PROVIDER: 'gemini', CONTEXTERM_API_KEY: KEY });
    expect(service.current.providers.map((p) => p.id)).toEqual(['ollama']);
    expect(service.problems.join()).toMatch(/CONTEXTERM_PROVIDER must be one of/);
    expect(service.problems.join()).not.toContain(KEY);
  });
});

describe('SettingsService: validation and persistence', () => {
  it('saves a valid section, and a reopened service keeps it while the other sections follow the defaults', async () => {
    const service = await open();
    const terminal: TerminalSettings = { ...DEFAULT_SETTINGS.terminal, fontSize: 16, theme: 'dark', scrollback: 1_000_000 };
    const result = await service.update({ terminal });
    expect(result.ok).toBe(true);
    const reopened = await open({ CONTEXTERM_BASE_URL: server.openaiBaseUrl });
    expect(reopened.current.terminal).toEqual(terminal);
    expect(reopened.current.providers[0]!.id).toBe('environment');
  });

  it('lists every bad field and saves nothing', async () => {
    const service = await open();
    const before = JSON.stringify([...kv.values]);
    const result = await service.update({
      terminal: { ...DEFAULT_SETTINGS.terminal, fontSize: 100, theme: 'pink' },
      relevance: { windowMinutes: 0, weights: { cwd: 0, time: 0, hostname: 0, commandPattern: 0 }, threshold: 2 },
      models: [{ model: 'llama3.2', contextLimit: -1, warningThreshold: 1.5, compactionMode: 'summarize', reservedOutputTokens: 100 }],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.map((e) => e.path).sort()).toEqual([
      'models.0.contextLimit',
      'models.0.warningThreshold',
      'relevance.threshold',
      'relevance.weights',
      'relevance.windowMinutes',
      'terminal.fontSize',
      'terminal.theme',
    ]);
    expect(JSON.stringify([...kv.values])).toBe(before);
    expect(service.current.terminal).toEqual(DEFAULT_SETTINGS.terminal);
  });

  it('rejects unknown fields, duplicate providers and a default provider that does not exist', async () => {
    const service = await open();
    const unknown = await service.update({ terminal: { ...DEFAULT_SETTINGS.terminal, sparkles: true } });
    expect(unknown.ok || unknown.fieldErrors.map((e) => e.path)).toEqual(['terminal']);
    const dup = await service.update({ providers: [local(), local()] });
    expect(dup.ok || dup.fieldErrors.map((e) => e.path)).toEqual(['providers']);
    const missing = await service.update({ providers: [local()], defaultProviderId: 'ollama' });
    expect(missing.ok || missing.fieldErrors).toEqual([{ path: 'defaultProviderId', message: 'there is no provider "ollama"' }]);
    expect(kv.values.size).toBe(0);
  });

  it('refuses redaction patterns that do not compile, match nothing at all, or need what the linear-time engine lacks', async () => {
    const service = await open();
    const good = { kind: 'internal-token', pattern: 'itk_[A-Za-z0-9]{24}', caseInsensitive: false };
    const result = await service.update({
      redaction: {
        enabled: true,
        userPatterns: [
          good,
          { kind: 'broken', pattern: '(unclosed' },
          { kind: 'empty', pattern: 'x*' },
          { kind: 'lookahead', pattern: 'key(?=[0-9])' },
        ],
      },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toEqual([
      { path: 'redaction.userPatterns.1.pattern', message: expect.stringMatching(/^not a valid regular expression/) },
      { path: 'redaction.userPatterns.2.pattern', message: expect.stringMatching(/matches the empty string/) },
      { path: 'redaction.userPatterns.3.pattern', message: expect.stringMatching(/^not supported: lookahead/) },
    ]);
    expect(service.current.redaction.userPatterns).toEqual([]);
    const ok = await service.update({ redaction: { enabled: false, userPatterns: [good] } });
    expect(ok.ok && ok.view.redaction).toEqual({ enabled: false, userPatterns: [good] });
  });

  it('refuses an answer reserve at or above the assembled limit, yet loads one saved before that rule', async () => {
    const tight = {
      model: 'small',
      contextLimit: 1000,
      warningThreshold: 0.8,
      compactionMode: 'truncate-oldest' as const,
      reservedOutputTokens: 900,
    };
    const fresh = await open();
    const refused = await fresh.update({ models: [tight] });
    expect(refused.ok || refused.fieldErrors).toEqual([
      { path: 'models.0.reservedOutputTokens', message: 'must be below 800 (80 % of the limit, where requests are assembled to)' },
    ]);
    expect(kv.values.size).toBe(0);

    // Stored by an older build: it still loads (the request builder caps the reserve), and saving
    // another section is not held up by it; saving the models again asks for the fix.
    kv.values.set('settings', JSON.stringify({ version: 1, sections: { models: [tight] } }));
    const service = await open();
    expect(service.problems).toEqual([]);
    expect(service.modelSettings('small')?.reservedOutputTokens).toBe(900);
    expect((await service.update({ terminal: { ...DEFAULT_SETTINGS.terminal, fontSize: 15 } })).ok).toBe(true);
    expect((await service.update({ models: [tight] })).ok).toBe(false);
    expect((await service.update({ models: [{ ...tight, reservedOutputTokens: 799 }] })).ok).toBe(true);
  });

  it('falls back to defaults per section when the stored settings are damaged', async () => {
    kv.values.set(
      'settings',
      JSON.stringify({
        version: 1,
        sections: {
          terminal: { fontSize: 'huge' },
          relevance: { windowMinutes: 30, weights: { cwd: 1, time: 0, hostname: 0, commandPattern: 0 }, threshold: 0.5 },
        },
      }),
    );
    const service = await open();
    expect(service.current.terminal).toEqual(DEFAULT_SETTINGS.terminal);
    expect(service.current.relevance.windowMinutes).toBe(30);
    expect(service.problems).toEqual([expect.stringMatching(/^Saved terminal settings are invalid/)]);
  });
});

describe('SettingsService: keys', () => {
  it('reports hasKey but never the key, and deletes it on request', async () => {
    const service = await open();
    await service.update({ providers: [local()], defaultProviderId: 'local' });
    await service.setKey('local', `  ${KEY}\n`);
    const view = await service.view();
    expect(view.providers[0]).toMatchObject({ hasKey: true, keySource: 'stored' });
    expect(await everythingVisible(service)).not.toContain(KEY);
    await service.deleteKey('local');
    expect((await service.view()).providers[0]!.hasKey).toBe(false);
    await expect(service.setKey('nope', KEY)).rejects.toMatchObject({ name: 'SettingsError' });
  });

  it('drops a key when its provider moves to another origin, but not for a new path on the same one', async () => {
    const service = await open();
    await service.update({ providers: [local()], defaultProviderId: 'local' });
    await service.setKey('local', KEY);
    await service.update({ providers: [local({ baseUrl: `${server.url}/api/v1` })] });
    expect(await service.hasKey('local')).toBe(true);
    await service.update({ providers: [local({ baseUrl: 'http://127.0.0.2:9/v1' })] });
    expect(await service.hasKey('local')).toBe(false);
    expect(readFileSync(join(dir, 'keys.json'), 'utf8')).not.toContain(KEY);
  });
});

describe('SettingsService: test connection and models', () => {
  it('tests by listing models, caches them, and refreshes on request', async () => {
    const service = await open();
    await service.update({ providers: [local()], defaultProviderId: 'local' });
    const result = await service.testProvider('local');
    expect(result).toMatchObject({ ok: true, method: 'list-models', models: ['llama3.2', 'qwen2.5'], error: null });
    expect((await service.view()).providers[0]).toMatchObject({ models: ['llama3.2', 'qwen2.5'], modelsFetchedAt: 1_700_000_000_000 });
    const requests = server.requests.length;
    expect((await service.listModels('local')).models).toEqual(['llama3.2', 'qwen2.5']);
    expect(server.requests).toHaveLength(requests);
    await server.close();
    const refreshed = await service.listModels('local', true);
    expect(refreshed).toMatchObject({ models: ['llama3.2', 'qwen2.5'], error: { kind: 'unreachable' } });
  });

  it('falls back to a one-token request where the endpoint has no model list', async () => {
    const raw = await startRawLlmServer();
    try {
      const chunk = (delta: unknown, finish: string | null) =>
        sse({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });
      raw.handle(
        (_req, res) => sendJson(res, 404, { error: { message: '404 page not found' } }),
        (_req, res) => {
          startSse(res);
          res.end(chunk({ role: 'assistant', content: 'O' }, null) + chunk({}, 'length') + sse('[DONE]'));
        },
        (_req, res) => sendJson(res, 404, { error: { message: '404 page not found' } }),
      );
      const service = await open();
      await service.update({ providers: [local({ baseUrl: `${raw.url}/v1` })], defaultProviderId: 'local' });
      const result = await service.testProvider('local');
      expect(result).toMatchObject({ ok: true, method: 'completion', error: null });
      expect(raw.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models', 'POST /v1/chat/completions']);
      expect(raw.requests[1]!.body).toMatchObject({ model: 'llama3.2', max_tokens: 1 });
      const noModel = await service.testProvider('local', local({ baseUrl: `${raw.url}/v1`, defaultModel: '' }));
      expect(noModel).toMatchObject({ ok: false, method: 'list-models', error: { kind: 'model-not-found' } });
    } finally {
      await raw.close();
    }
  });

  it('sends the key only to the saved origin: unsaved edits elsewhere are tested without it', async () => {
    const other = await startScriptedLlmServer({ models: ['x'] });
    try {
      const service = await open();
      await service.update({ providers: [local()], defaultProviderId: 'local' });
      await service.setKey('local', KEY);
      await service.testProvider('local');
      expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
      const result = await service.testProvider('local', local({ baseUrl: other.openaiBaseUrl }));
      expect(result.ok).toBe(true);
      expect(other.requests[0]!.headers.authorization).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('reports an auth failure as a typed error', async () => {
    const guarded = await startScriptedLlmServer({ apiKey: 'sk-the-right-key-000' });
    try {
      const service = await open();
      await service.update({ providers: [local({ baseUrl: guarded.openaiBaseUrl })], defaultProviderId: 'local' });
      await service.setKey('local', KEY);
      const result = await service.testProvider('local');
      expect(result).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false, status: 401 } });
      expect(JSON.stringify(result)).not.toContain(KEY);
    } finally {
      await guarded.close();
    }
  });
});
