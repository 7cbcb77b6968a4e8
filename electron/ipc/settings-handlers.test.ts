// SPDX-License-Identifier: MIT
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/ipc/define';
import { settingsChannels, type ProviderSettings } from '../../shared/ipc/settings';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../tests/fixtures/scripted-llm-server';
import { FileKeyStore } from '../llm/key-store';
import { DEFAULT_PROVIDER } from '../../shared/settings/assistant-schema';
import { DEFAULT_SETTINGS } from '../../shared/settings/registry';
import { MemoryKeyValueStore } from '../settings/testing/memory-key-value-store';
import { SettingsService } from '../settings/settings-service';
import { createSettingsHandlers, type SettingsHandlers } from './settings-handlers';

const KEY = 'sk-ipc-canary-0123456789abcdef';
const ENV_KEY = 'sk-env-canary-9876543210fedcba';

let dir: string;
let server: ScriptedLlmServer;
let handlers: SettingsHandlers;
let traffic: unknown[];

/** Calls a handler the way the router does: payload validated by the channel's schema first. */
const call = async <K extends keyof SettingsHandlers>(channel: K, payload: unknown): Promise<unknown> => {
  const parsed = settingsChannels[channel].req.parse(payload);
  const response = await (handlers[channel] as (request: unknown) => Promise<unknown>)(parsed);
  traffic.push(response);
  return response;
};

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'contexterm-ipc-'));
  server = await startScriptedLlmServer({ models: ['m1'], apiKey: KEY });
  traffic = [];
  const service = await SettingsService.open({
    kv: new MemoryKeyValueStore(),
    keys: new FileKeyStore(join(dir, 'keys.json')),
    env: { CONTEXTERM_PROVIDER: 'openai', CONTEXTERM_BASE_URL: server.openaiBaseUrl, CONTEXTERM_API_KEY: ENV_KEY },
  });
  handlers = createSettingsHandlers(service, (view) => traffic.push(view));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const provider: ProviderSettings = { ...DEFAULT_PROVIDER, id: 'scripted', label: 'Scripted', defaultModel: 'm1' };

describe('settings IPC handlers', () => {
  it('never send a key to the renderer, whatever is called', async () => {
    await call('settings:get', {});
    const view = (await call('settings:set', {
      providers: [{ ...provider, baseUrl: server.openaiBaseUrl }],
      defaultProviderId: 'scripted',
    })) as { providers: unknown[] };
    expect(view.providers).toHaveLength(1);
    expect(await call('settings:set-key', { providerId: 'scripted', key: KEY })).toEqual({ hasKey: true });
    expect(await call('settings:test-provider', { providerId: 'scripted' })).toMatchObject({ ok: true, models: ['m1'] });
    expect(await call('models:list', { providerId: 'scripted', refresh: true })).toMatchObject({ models: ['m1'], error: null });
    await call('settings:get', {});
    expect(await call('settings:delete-key', { providerId: 'scripted' })).toEqual({ hasKey: false });
    expect(await call('settings:test-provider', { providerId: 'scripted' })).toMatchObject({ ok: false, error: { kind: 'auth' } });

    expect(traffic.length).toBeGreaterThan(9);
    const everything = JSON.stringify(traffic);
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain(ENV_KEY);
    expect(everything).not.toContain('canary');
  });

  it('answers values only main can check with invalid-payload, one `path: message` line per field', async () => {
    const bad = { defaultProviderId: 'ghost', redaction: { enabled: true, userPatterns: [{ kind: 'x', pattern: '(' }] } };
    const failure = await call('settings:set', bad).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect((failure as DomainError).code).toBe('invalid-payload');
    expect((failure as DomainError).message.split('\n')).toEqual([
      'defaultProviderId: there is no provider "ghost"',
      expect.stringMatching(/^redaction\.userPatterns\.0\.pattern: not a valid regular expression/),
    ]);
  });

  it('validates again behind the router, listing every schema error', async () => {
    const direct = handlers['settings:set'] as (request: unknown) => Promise<unknown>;
    const failure = await direct({ terminal: { ...DEFAULT_SETTINGS.terminal, fontSize: 5, theme: 'x' } }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'invalid-payload' });
    expect((failure as Error).message.split('\n').map((line) => line.split(':')[0])).toEqual(['terminal.fontSize', 'terminal.theme']);
  });

  it('turns an unknown provider into not-found', async () => {
    const failure = await call('settings:set-key', { providerId: 'ghost', key: KEY }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'not-found' });
    expect(String((failure as Error).message)).not.toContain(KEY);
  });
});
