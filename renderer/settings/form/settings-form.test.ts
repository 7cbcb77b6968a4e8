// SPDX-License-Identifier: MIT
import { DEFAULT_SETTINGS } from '../../../shared/settings/registry';
import { describe, expect, it } from 'vitest';
import { autoCompactOn, type SettingsView } from '../../../shared/ipc/settings';
import { autoCompactShown, modelDraftOf } from './model-draft';
import { newProviderId } from './provider-draft';
import { draftOf, hasUnsavedChanges, parseFieldErrorLines, patchOf, type SettingsDraft } from './settings-form';

const view: SettingsView = {
  providers: [
    {
      id: 'ollama',
      kind: 'openai-compatible',
      label: 'Ollama (local)',
      baseUrl: 'http://127.0.0.1:11434/v1',
      defaultModel: 'llama3.2',
      timeoutSeconds: 60,
      hasKey: false,
      keySource: null,
      models: ['llama3.2'],
      modelsFetchedAt: null,
    },
  ],
  defaultProviderId: 'ollama',
  models: [{ model: 'llama3.2', contextLimit: 8192, warningThreshold: 0.8, compactionMode: 'truncate-oldest', reservedOutputTokens: 819 }],
  relevance: { windowMinutes: 120, weights: { cwd: 0.4, time: 0.3, hostname: 0.15, commandPattern: 0.15 }, threshold: 0.3 },
  redaction: { enabled: true, userPatterns: [] },
  terminal: {
    shell: '',
    fontFamily: 'monospace',
    fontSize: 14,
    theme: 'system',
    scrollback: 10_000,
    copyOnSelect: false,
    restore: 'always',
    scheme: 'system',
    customSchemes: [],
    ligatures: false,
    cursorStyle: 'block',
    cursorBlink: true,
    onExit: 'close',
  },
  history: {
    rawMaxMb: 2048,
    rawMaxAgeDays: 30,
    commandRawMaxMb: 64,
    recordsMaxAgeDays: 365,
    recordsMax: 1_000_000,
    ignoreSpace: true,
    excludePatterns: [],
  },
  notifications: { enabled: true, minSeconds: 10, whenFocused: false },
  profiles: { list: [], defaultId: null },
  keybindings: {},
  ssh: { integration: true, offHosts: [] },
  sync: { intervalSeconds: 30 },
  agent: DEFAULT_SETTINGS.agent,
  keyStorage: { backend: 'file', secure: false },
  environmentProviderId: null,
};

const edit = (change: (d: SettingsDraft) => SettingsDraft) => change(draftOf(view));
const withModel = (patch: Partial<SettingsDraft['models'][number]>) =>
  edit((d) => ({ ...d, models: d.models.map((m) => ({ ...m, ...patch })) }));

describe('settings draft → settings:set patch', () => {
  it('round-trips an untouched view to "no changes"', () => {
    expect(patchOf(draftOf(view), view)).toEqual({ ok: true, patch: {}, changed: [] });
  });

  it('sends only the changed sections, numbers parsed, view-only fields stripped', () => {
    const result = patchOf(withModel({ contextLimit: '4000', warningThreshold: '0.5' }), view);
    expect(result).toEqual({
      ok: true,
      changed: ['models'],
      patch: {
        models: [
          { model: 'llama3.2', contextLimit: 4000, warningThreshold: 0.5, compactionMode: 'truncate-oldest', reservedOutputTokens: 819 },
        ],
      },
    });
    const providers = patchOf(
      edit((d) => ({ ...d, providers: d.providers.map((p) => ({ ...p, label: 'Mine' })) })),
      view,
    );
    expect(providers.ok && providers.patch.providers?.[0]).toEqual({
      id: 'ollama',
      kind: 'openai-compatible',
      label: 'Mine',
      baseUrl: 'http://127.0.0.1:11434/v1',
      defaultModel: 'llama3.2',
      timeoutSeconds: 60,
    });
    expect(providers.ok && providers.patch.defaultProviderId).toBe('ollama');
  });

  it('saves "No limit", chosen explicitly, as a limit of 0', () => {
    const result = patchOf(withModel({ contextLimit: '', noLimit: true }), view);
    expect(result.ok && result.patch.models?.[0]?.contextLimit).toBe(0);
    const unlimited = { ...view, models: [{ ...view.models[0]!, contextLimit: 0 }] };
    expect(draftOf(unlimited).models[0]).toMatchObject({ contextLimit: '', noLimit: true });
    expect(patchOf(draftOf(unlimited), unlimited)).toEqual({ ok: true, patch: {}, changed: [] });
  });

  it('explains a limit of 0, or none, when "No limit" was not chosen', () => {
    for (const contextLimit of ['0', ' 0 ', '']) {
      const result = patchOf(withModel({ contextLimit, noLimit: false }), view);
      expect(!result.ok && result.errors['models.0.contextLimit'], JSON.stringify(contextLimit)).toMatch(/context window.*No limit/);
    }
  });

  it.each([
    ['-5', /cannot be negative/],
    ['1.5', /whole number of tokens/],
    ['-1.5', /whole number of tokens|cannot be negative/],
    ['lots', /whole number of tokens/],
  ])('gives limit %s one plain message on that field only', (contextLimit, message) => {
    const result = patchOf(withModel({ contextLimit }), view);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(['models.0.contextLimit']);
    const text = result.errors['models.0.contextLimit']!;
    expect(text).toMatch(message);
    expect(text).not.toMatch(/expected|Too (small|big)|received|Invalid input|>=|<=/);
  });

  it.each(['-0.2', '1.5', '80', 'high', ''])('gives warning threshold %s one plain message on that field only', (warningThreshold) => {
    const result = patchOf(withModel({ warningThreshold }), view);
    expect(!result.ok && result.errors).toEqual({
      'models.0.warningThreshold': 'enter a number from 0.05 to 1 (e.g. 0.8 warns at 80 % of the limit)',
    });
  });

  it('counts only real differences as unsaved changes', () => {
    expect(hasUnsavedChanges(draftOf(view), view)).toBe(false);
    expect(hasUnsavedChanges(withModel({ contextLimit: '8192 ' }), view)).toBe(false);
    expect(hasUnsavedChanges(withModel({ contextLimit: '4000' }), view)).toBe(true);
    expect(hasUnsavedChanges(withModel({ contextLimit: 'lots' }), view)).toBe(true);
    expect(
      hasUnsavedChanges(
        edit((d) => ({ ...d, terminal: { ...d.terminal, copyOnSelect: true } })),
        view,
      ),
    ).toBe(true);
  });

  it('reports every bad field inline and produces no patch', () => {
    const draft = edit((d) => ({
      ...d,
      models: d.models.map((m) => ({ ...m, contextLimit: 'lots', warningThreshold: '1.5' })),
      terminal: { ...d.terminal, fontSize: '3' },
      relevance: { ...d.relevance, weights: { cwd: '0', time: '0', hostname: '0', commandPattern: '0' } },
      providers: d.providers.map((p) => ({ ...p, baseUrl: 'ftp://example.com' })),
    }));
    const result = patchOf(draft, view);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors['models.0.contextLimit']).toMatch(/^enter the model’s context window as a whole number of tokens/);
    expect(result.errors['models.0.warningThreshold']).toMatch(/from 0.05 to 1/);
    expect(result.errors['terminal.fontSize']).toBeDefined();
    expect(result.errors['relevance.weights']).toBe('at least one weight must be above 0');
    expect(result.errors['providers.0.baseUrl']).toBe('an http:// or https:// URL');
  });

  it('keeps the answer reserve below the assembled limit', () => {
    const result = patchOf(withModel({ contextLimit: '1000', reservedOutputTokens: '900' }), view);
    expect(!result.ok && result.errors['models.0.reservedOutputTokens']).toMatch(/below 800/);
  });

  it('rejects a default provider that is not in the list', () => {
    const result = patchOf(
      edit((d) => ({ ...d, providers: [], defaultProviderId: 'ollama' })),
      view,
    );
    expect(!result.ok && result.errors.defaultProviderId).toBeDefined();
  });

  it('reads the main process "path: message" lines back into field errors', () => {
    expect(parseFieldErrorLines('models.0.contextLimit: Too big\nredaction.userPatterns.1.pattern: too slow\n(root): bad')).toEqual({
      'models.0.contextLimit': 'Too big',
      'redaction.userPatterns.1.pattern': 'too slow',
      '': 'bad',
    });
  });

  it('finds a free provider id', () => {
    expect(newProviderId('openai', [{ id: 'ollama' }])).toBe('openai');
    expect(newProviderId('openai', [{ id: 'openai' }, { id: 'openai-2' }])).toBe('openai-3');
    expect(newProviderId('openai-compatible', [])).toBe('local');
  });
});

describe('ordinary settings, drafted from the registry', () => {
  it('keep numbers as text and everything else as it is, and round-trip to "no changes"', () => {
    expect(draftOf(view).notifications).toEqual({ enabled: true, minSeconds: '10', whenFocused: false });
    expect(draftOf(view).relevance).toEqual({
      windowMinutes: '120',
      threshold: '0.3',
      weights: { cwd: '0.4', time: '0.3', hostname: '0.15', commandPattern: '0.15' },
    });
    expect(draftOf(view).terminal).toMatchObject({ fontSize: '14', scrollback: '10000', theme: 'system', copyOnSelect: false });
    expect(patchOf(draftOf(view), view)).toEqual({ ok: true, patch: {}, changed: [] });
  });

  it("explain a bad number with the field's own message, and parse a good one", () => {
    for (const minSeconds of ['', 'soon', '1.5', '0']) {
      const result = patchOf(
        edit((d) => ({ ...d, notifications: { ...d.notifications, minSeconds } })),
        view,
      );
      expect(!result.ok && result.errors, minSeconds).toEqual({
        'notifications.minSeconds': 'enter a whole number of seconds from 1 to 86,400',
      });
    }
    const result = patchOf(
      edit((d) => ({ ...d, notifications: { enabled: false, minSeconds: ' 3 ', whenFocused: true } })),
      view,
    );
    expect(result).toEqual({
      ok: true,
      changed: ['notifications'],
      patch: { notifications: { enabled: false, minSeconds: 3, whenFocused: true } },
    });
  });

  it('send the ssh hosts one per line, and a list only when it changed', () => {
    const result = patchOf(
      edit((d) => ({ ...d, ssh: { ...d.ssh, offHosts: ' prod \n\n db-1\n' } })),
      view,
    );
    expect(result).toEqual({ ok: true, changed: ['ssh'], patch: { ssh: { integration: true, offHosts: ['prod', 'db-1'] } } });
  });
});

describe('auto-compaction', () => {
  it('is on by default under 16K tokens, off above and without a limit, and an explicit choice wins', () => {
    expect(autoCompactOn({ contextLimit: 8192, autoCompact: undefined })).toBe(true);
    expect(autoCompactOn({ contextLimit: 128_000, autoCompact: undefined })).toBe(false);
    expect(autoCompactOn({ contextLimit: 0, autoCompact: undefined })).toBe(false);
    expect(autoCompactOn({ contextLimit: 8192, autoCompact: false })).toBe(false);
    expect(autoCompactOn({ contextLimit: 128_000, autoCompact: true })).toBe(true);
    expect(autoCompactOn(undefined)).toBe(false);
  });

  it('shows the default until the user chooses, and saves only a choice', () => {
    const draft = modelDraftOf({
      model: 'm',
      contextLimit: 4096,
      warningThreshold: 0.8,
      compactionMode: 'summarize',
      reservedOutputTokens: 409,
    });
    expect(draft.autoCompact).toBeUndefined();
    expect(autoCompactShown(draft)).toBe(true);
    expect(autoCompactShown({ ...draft, contextLimit: '200000' })).toBe(false);
    expect(autoCompactShown({ ...draft, autoCompact: false })).toBe(false);
  });
});
