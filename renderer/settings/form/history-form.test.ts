// SPDX-License-Identifier: MIT
import { DEFAULT_SETTINGS } from '../../../shared/settings/registry';
import { describe, expect, it } from 'vitest';
import type { HistorySettings } from '../../../shared/ipc/history';
import type { SettingsView } from '../../../shared/ipc/settings';
import { patternErrors, patternLines } from './history-form';
import { draftOf, hasUnsavedChanges, parseFieldErrorLines, patchOf, type SettingsDraft } from './settings-form';

const history: HistorySettings = {
  rawMaxMb: 2048,
  rawMaxAgeDays: 30,
  commandRawMaxMb: 64,
  recordsMaxAgeDays: 365,
  recordsMax: 1_000_000,
  ignoreSpace: true,
  excludePatterns: ['^vault ', 'token='],
};

const view: SettingsView = {
  providers: [],
  defaultProviderId: null,
  models: [],
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
  history,
  notifications: { enabled: true, minSeconds: 10, whenFocused: false },
  profiles: { list: [], defaultId: null },
  keybindings: {},
  ssh: { integration: true, offHosts: [] },
  sync: { intervalSeconds: 30 },
  agent: DEFAULT_SETTINGS.agent,
  keyStorage: { backend: 'file', secure: false },
  environmentProviderId: null,
};

const withHistory = (patch: Partial<SettingsDraft['history']>): SettingsDraft => {
  const draft = draftOf(view);
  return { ...draft, history: { ...draft.history, ...patch } };
};

describe('History & privacy settings ⇄ form', () => {
  it('shows numbers as text and the patterns one a line, and round-trips to "no changes"', () => {
    expect(draftOf(view).history).toEqual({
      rawMaxMb: '2048',
      rawMaxAgeDays: '30',
      commandRawMaxMb: '64',
      recordsMaxAgeDays: '365',
      recordsMax: '1000000',
      ignoreSpace: true,
      excludePatterns: '^vault \ntoken=',
    });
    expect(patchOf(draftOf(view), view)).toEqual({ ok: true, patch: {}, changed: [] });
  });

  it('sends the whole section when a field changed, with 0 meaning no limit', () => {
    const result = patchOf(withHistory({ rawMaxMb: ' 0 ', ignoreSpace: false }), view);
    expect(result).toEqual({ ok: true, changed: ['history'], patch: { history: { ...history, rawMaxMb: 0, ignoreSpace: false } } });
  });

  it('takes one pattern a line, keeping spaces inside a pattern but not blank lines', () => {
    expect(patternLines('^vault \r\n\n   \ntoken=\n')).toEqual({ patterns: ['^vault ', 'token='], lines: [1, 4] });
    expect(hasUnsavedChanges(withHistory({ excludePatterns: '^vault \n\ntoken=\n' }), view)).toBe(false);
    const result = patchOf(withHistory({ excludePatterns: '' }), view);
    expect(result.ok && result.patch.history?.excludePatterns).toEqual([]);
  });

  it('reports bad numbers on their own fields and saves nothing', () => {
    const result = patchOf(withHistory({ commandRawMaxMb: '0', recordsMax: 'many', rawMaxAgeDays: '' }), view);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['history.commandRawMaxMb', 'history.rawMaxAgeDays', 'history.recordsMax']);
  });

  it('tells pattern errors from the main process by the line the user sees them on', () => {
    const text = 'ok\n\n(unclosed\nfine\n[bad';
    const errors = parseFieldErrorLines('history.excludePatterns.1: missing closing )\nhistory.excludePatterns.3: missing closing ]');
    expect(patternErrors(errors, text)).toEqual(['line 3: missing closing )', 'line 5: missing closing ]']);
    expect(patternErrors({ 'history.excludePatterns': 'at most 50 patterns', 'history.rawMaxMb': 'x' }, text)).toEqual([
      'at most 50 patterns',
    ]);
  });
});
