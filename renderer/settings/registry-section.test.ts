// SPDX-License-Identifier: MIT
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultsOf, patchSchemaOf, settingsSchemaOf } from '../../shared/settings/derive';
import { checkDraft, draftFrom, withDraftAt } from '../../shared/settings/draft';
import { fieldErrorsOf } from '../../shared/settings/fields';
import { wholeNumber } from '../../shared/settings/fields';
import { SETTINGS_REGISTRY } from '../../shared/settings/registry';
import { group, ordinary, type Registry, type SettingGroup } from '../../shared/settings/setting';
import { DRAFT_CODECS } from './form/settings-form';
import { RegistrySection, type EditorTable } from './registry-section';

/*
 * Adding an ordinary setting is one registry entry: here two are added to Terminal in a fixture
 * registry, and nothing else is touched. They get defaults, the schema checks them with their own
 * message (in the renderer's draft as in `settings:set`), and the generic section draws them.
 */
const bell = {
  bellSound: ordinary({
    schema: z.boolean(),
    default: true,
    fillIfMissing: true,
    label: 'Ring the bell',
    control: { kind: 'checkbox' },
    testId: 'terminal-bell-sound',
  }),
  bellVolume: ordinary({
    schema: wholeNumber(0, 100, 'percent'),
    default: 40,
    fillIfMissing: true,
    label: 'Bell volume (%)',
    hint: '0: silent',
    control: { kind: 'number', inputMode: 'numeric' },
    testId: 'terminal-bell-volume',
  }),
};
const realTerminal = SETTINGS_REGISTRY.root.entries.terminal;
const terminal: SettingGroup = { ...realTerminal, entries: { ...realTerminal.entries, ...bell } };
const FIXTURE: Registry = { ...SETTINGS_REGISTRY, root: group({ ...SETTINGS_REGISTRY.root.entries, terminal }) } as Registry;

const VOLUME_MESSAGE = 'enter a whole number of percent from 0 to 100';
/** The Terminal section's one custom editor (the colour scheme) is not what is shown here. */
const EDITORS: EditorTable = { scheme: () => null };

const saved = defaultsOf(FIXTURE.root) as Record<string, Record<string, unknown>>;

const render = (registry: Registry, errors: Record<string, string> = {}) =>
  renderToStaticMarkup(
    createElement(RegistrySection, {
      id: 'terminal',
      name: 'terminal',
      group: registry.root.entries.terminal as SettingGroup,
      editors: EDITORS,
      draft: draftFrom(registry.root, saved, DRAFT_CODECS) as never,
      errors,
      saved: saved as never,
      update: () => undefined,
    }),
  );

describe('a setting added to a fixture registry', () => {
  it('gets its default, also in a section saved before it existed', () => {
    expect(saved.terminal).toMatchObject({ bellSound: true, bellVolume: 40 });
    const { bellSound: _s, bellVolume: _v, ...older } = saved.terminal!;
    expect(settingsSchemaOf(FIXTURE).shape.terminal!.parse(older)).toMatchObject({ bellSound: true, bellVolume: 40 });
  });

  it('is validated with its own message, on the wire and from the draft', () => {
    const wire = patchSchemaOf(FIXTURE).safeParse({ terminal: { ...saved.terminal, bellVolume: 150 } });
    expect(wire.success).toBe(false);
    expect(fieldErrorsOf(wire.error!.issues)).toEqual([{ path: 'terminal.bellVolume', message: VOLUME_MESSAGE }]);

    const draft = draftFrom(FIXTURE.root, saved, DRAFT_CODECS);
    expect((draft.terminal as Record<string, unknown>).bellVolume).toBe('40');
    for (const typed of ['150', 'loud', '', '2.5']) {
      const checked = checkDraft(FIXTURE, DRAFT_CODECS, withDraftAt(draft, 'terminal.bellVolume', typed), saved as never);
      expect(checked.errors, typed).toEqual({ 'terminal.bellVolume': VOLUME_MESSAGE });
    }
    const ok = checkDraft(
      FIXTURE,
      DRAFT_CODECS,
      withDraftAt(withDraftAt(draft, 'terminal.bellVolume', ' 70 '), 'terminal.bellSound', false),
      saved as never,
    );
    expect(ok.errors).toEqual({});
    expect(ok.changed).toEqual(['terminal']);
    expect(ok.patch).toEqual({ terminal: { ...saved.terminal, bellVolume: 70, bellSound: false } });
  });

  it('is drawn in its section by the generic renderer, with its label, hint, test id and error', () => {
    const html = render(FIXTURE);
    expect(html).toContain('id="settings-terminal"');
    expect(html).toMatch(/<label[^>]*>Bell volume \(%\)<\/label><input[^>]*data-testid="terminal-bell-volume"[^>]*value="40"/);
    expect(html).toContain('0: silent');
    expect(html).toMatch(/<input type="checkbox"[^>]*data-testid="terminal-bell-sound"[^>]*checked=""\/>Ring the bell/);
    expect(render(FIXTURE, { 'terminal.bellVolume': VOLUME_MESSAGE })).toContain(`data-testid="field-error">${VOLUME_MESSAGE}</span>`);
    // The real registry has no bell: the fields come from the entries, not from the section.
    expect(render(SETTINGS_REGISTRY as unknown as Registry)).not.toContain('terminal-bell');
  });
});
