// SPDX-License-Identifier: MIT
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { crossFieldErrors, pathOf } from './derive';
import { DEFAULT_SETTINGS, SETTINGS_REGISTRY, Settings, SettingsPatch } from './registry';
import type { Entry, OrdinarySetting, SettingGroup } from './setting';

const entries = SETTINGS_REGISTRY.root.entries as Readonly<Record<string, Entry>>;

/** Every ordinary setting with its full path (`relevance.weights.cwd`). */
const ordinarySettings = (group: SettingGroup, prefix = ''): Array<{ path: string; entry: OrdinarySetting }> =>
  Object.entries(group.entries).flatMap(([key, entry]) => {
    const path = pathOf(prefix, key);
    if (entry.kind === 'group') return ordinarySettings(entry, path);
    return entry.kind === 'ordinary' ? [{ path, entry }] : [];
  });

/** What the schema says about a value alone (the enum's options, or whether it parses). */
const accepts = (schema: z.ZodType, value: unknown): boolean => schema.safeParse(value).success;

describe('the settings registry', () => {
  it('gives every setting a default that its own schema accepts', () => {
    expect(Settings.safeParse(DEFAULT_SETTINGS).success).toBe(true);
    for (const { path, entry } of ordinarySettings(SETTINGS_REGISTRY.root)) expect(accepts(entry.schema, entry.default), path).toBe(true);
  });

  it('has controls that fit their values: numbers typed, boxes boolean, every option valid and every valid value an option', () => {
    for (const { path, entry } of ordinarySettings(SETTINGS_REGISTRY.root)) {
      const kind = entry.control.kind;
      if (kind === 'number') expect(typeof entry.default, path).toBe('number');
      if (kind === 'checkbox') expect(typeof entry.default, path).toBe('boolean');
      if (kind === 'text') expect(typeof entry.default, path).toBe('string');
      if (kind !== 'select') continue;
      const values = entry.control.options.map((o) => o.value);
      for (const value of values) expect(accepts(entry.schema, value), `${path} option ${value}`).toBe(true);
      const all = (entry.schema as unknown as { options?: readonly string[] }).options;
      expect([...(all ?? [])].sort(), `${path} lists every value`).toEqual([...values].sort());
    }
  });

  it('shows every root section on the page once, in a page or an editor of its own', () => {
    const sections = SETTINGS_REGISTRY.pages.flatMap((page) => ('section' in page ? [page.section] : []));
    const editors = new Set(SETTINGS_REGISTRY.pages.flatMap((page) => ('editor' in page ? [page.editor] : [])));
    for (const [name, entry] of Object.entries(entries)) {
      if (entry.kind === 'group') expect(sections, name).toContain(name);
      else expect(entry.kind === 'custom' && editors.has(entry.editor), name).toBe(true);
    }
    expect(new Set(SETTINGS_REGISTRY.pages.map((p) => p.id)).size).toBe(SETTINGS_REGISTRY.pages.length);
  });

  it('keeps the wire contract: strict sections, field paths, the schema messages', () => {
    const terminal = { ...DEFAULT_SETTINGS.terminal, fontSize: 5, extra: 1 };
    const parsed = SettingsPatch.safeParse({
      terminal,
      relevance: { ...DEFAULT_SETTINGS.relevance, weights: { cwd: 0, time: 0, hostname: 0, commandPattern: 0 } },
    });
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      'terminal.fontSize': 'enter a whole number of pixels from 6 to 72',
      'relevance.weights': 'at least one weight must be above 0',
    });
    expect(parsed.error!.issues.find((i) => i.code === 'unrecognized_keys')?.path).toEqual(['terminal']);
    expect(SettingsPatch.safeParse({ theme: 'dark' }).success).toBe(false);
  });

  it('loads a section saved before its later settings existed, with their defaults', () => {
    const old = { shell: '', fontFamily: 'monospace', fontSize: 14, theme: 'dark', scrollback: 500, copyOnSelect: true };
    expect(Settings.shape.terminal.parse(old)).toEqual({ ...DEFAULT_SETTINGS.terminal, ...old });
    expect(Settings.shape.redaction.parse({})).toEqual({ enabled: true, userPatterns: [] });
    // A setting that was there from the start is still required.
    expect(Settings.shape.history.safeParse({ ...DEFAULT_SETTINGS.history, recordsMax: undefined }).success).toBe(false);
  });

  it('has defaults that follow the sections they belong to', () => {
    const relevance = entries.relevance as SettingGroup;
    expect(relevance.title).toBe('Relevance');
    expect(DEFAULT_SETTINGS.relevance.threshold).toBe(0.35);
    expect(DEFAULT_SETTINGS.defaultProviderId).toBe(DEFAULT_SETTINGS.providers[0]!.id);
  });
});

describe('cross-field rules', () => {
  const model = { model: 'm', contextLimit: 1000, warningThreshold: 0.8, compactionMode: 'summarize' as const, reservedOutputTokens: 800 };

  it('keeps the answer reserve below the limit requests are assembled to, only for the sections saved', () => {
    const settings = { ...DEFAULT_SETTINGS, models: [model] };
    expect(crossFieldErrors(SETTINGS_REGISTRY, settings, ['models'])).toEqual([
      { path: 'models.0.reservedOutputTokens', message: 'must be below 800 (80 % of the limit, where requests are assembled to)' },
    ]);
    expect(crossFieldErrors(SETTINGS_REGISTRY, { ...settings, models: [{ ...model, reservedOutputTokens: 799 }] }, ['models'])).toEqual([]);
    expect(crossFieldErrors(SETTINGS_REGISTRY, { ...settings, models: [{ ...model, contextLimit: 0 }] }, ['models'])).toEqual([]);
    // Saved earlier, not part of this save: a terminal font is not held up by an old model entry.
    expect(crossFieldErrors(SETTINGS_REGISTRY, settings, ['terminal'])).toEqual([]);
    // A field that already has its own error gets no second one.
    expect(crossFieldErrors(SETTINGS_REGISTRY, settings, ['models'], (path) => path === 'models.0.contextLimit')).toEqual([]);
  });

  it('wants the default provider among the providers', () => {
    const settings = { ...DEFAULT_SETTINGS, defaultProviderId: 'ghost' };
    expect(crossFieldErrors(SETTINGS_REGISTRY, settings, ['providers'])).toEqual([
      { path: 'defaultProviderId', message: 'there is no provider "ghost"' },
    ]);
    expect(crossFieldErrors(SETTINGS_REGISTRY, { ...settings, defaultProviderId: null }, ['defaultProviderId'])).toEqual([]);
  });
});
