// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { BaseUrl, fieldErrorsOf, formatFieldErrors, SettingsPatch, settingsChannels } from './settings';

const TERMINAL = { shell: '', fontFamily: 'monospace', fontSize: 14, theme: 'system', scrollback: 10_000, copyOnSelect: false };

describe('settings schemas', () => {
  it.each([
    ['http://127.0.0.1:11434/v1', true],
    ['https://api.openai.com/v1', true],
    ['https://openrouter.ai/api/v1', true],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['https://user:secret@proxy.example/v1', false],
    ['https://api.example/v1?key=sk-123', false],
    ['https://api.example/v1#x', false],
    ['not a url', false],
  ])('BaseUrl %s → %s', (url, valid) => {
    expect(BaseUrl.safeParse(url).success).toBe(valid);
  });

  it('accepts the bounds and rejects one past them', () => {
    for (const [fontSize, scrollback, ok] of [
      [6, 0, true],
      [72, 1_000_000, true],
      [5, 0, false],
      [73, 0, false],
      [12, 1_000_001, false],
      [12.5, 0, false],
    ] as const) {
      expect(SettingsPatch.safeParse({ terminal: { ...TERMINAL, fontSize, scrollback } }).success, `${fontSize}/${scrollback}`).toBe(ok);
    }
  });

  it('reports field paths a form can show next to its inputs', () => {
    const parsed = SettingsPatch.safeParse({
      terminal: { ...TERMINAL, theme: 'pink' },
      relevance: { windowMinutes: 60, weights: { cwd: 2, time: 0, hostname: 0, commandPattern: 0 }, threshold: -1 },
    });
    expect(parsed.success).toBe(false);
    const errors = fieldErrorsOf(parsed.error!.issues);
    expect(errors.map((e) => e.path).sort()).toEqual(['relevance.threshold', 'relevance.weights.cwd', 'terminal.theme']);
    expect(formatFieldErrors(errors).split('\n')).toHaveLength(3);
  });

  it('keeps request schemas strict and bounded', () => {
    const cases: Array<[keyof typeof settingsChannels, unknown]> = [
      ['settings:get', { all: true }],
      ['settings:set', { theme: 'dark' }],
      ['settings:set', { terminal: { ...TERMINAL, extra: 1 } }],
      [
        'settings:set',
        {
          providers: Array.from({ length: 21 }, (_v, i) => ({
            id: `p${i}`,
            kind: 'openai',
            label: 'x',
            baseUrl: 'https://a.example',
            defaultModel: '',
            timeoutSeconds: 60,
          })),
        },
      ],
      ['settings:set-key', { providerId: 'openai', key: '' }],
      ['settings:set-key', { providerId: 'openai', key: 'sk-a\nb' }],
      ['settings:set-key', { providerId: 'openai', key: 'x'.repeat(4097) }],
      ['settings:set-key', { providerId: '../etc', key: 'sk-123456' }],
      ['settings:delete-key', { providerId: 'openai', key: 'sk' }],
      ['settings:test-provider', { providerId: 'Open AI' }],
      ['models:list', { providerId: 'openai', refresh: 'yes' }],
    ];
    for (const [channel, payload] of cases) {
      const def = settingsChannels[channel];
      expect(def.kind === 'invoke' && def.req.safeParse(payload).success, `${channel} ${JSON.stringify(payload).slice(0, 80)}`).toBe(false);
    }
    expect(settingsChannels['settings:set-key'].req.parse({ providerId: 'openai', key: ' sk-abc123 ' })).toEqual({
      providerId: 'openai',
      key: 'sk-abc123',
    });
  });
});
