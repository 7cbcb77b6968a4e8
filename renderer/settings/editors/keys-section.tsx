// SPDX-License-Identifier: MIT
import { useMemo, useState, type KeyboardEvent } from 'react';
import { actionSpec, bindableActions, type ActionId, type KeyContext } from '../../actions/catalog';
import { browserKeeps, comboOf, comboProblem, displayCombo, effectiveBindings } from '../../actions/keys';
import { isMac } from '../../terminal/link-routing';
import { connection } from '../../transport/api';
import { bindingProblems, withBinding } from '../form/keys-form';
import type { SectionProps } from '../form/settings-form';
import './keys.css';

const MAX_PER_ACTION = 4;

/** Where a contextual action's keys are live; elsewhere they stay the terminal's. */
const WHEN: Readonly<Record<KeyContext, string>> = {
  suggestionShown: 'only while a suggestion is shown',
  completionMenuOpen: 'only while the menu is open',
  atPrompt: 'only at an integrated prompt',
};

/**
 * Settings → Keys: every action with its shortcuts. "Add" records the next key combination
 * pressed; one the terminal needs is refused with the reason, one another action has is kept but
 * shown as a conflict, and Save refuses until it is resolved.
 */
export const KeysSection = ({ draft, errors, update }: SectionProps) => {
  const [recording, setRecording] = useState<ActionId | undefined>();
  const [refused, setRefused] = useState<{ id: ActionId; message: string } | undefined>();
  const bindings = useMemo(() => effectiveBindings(draft.keybindings), [draft.keybindings]);
  const mac = isMac();
  const web = connection.host === 'web';

  const set = (id: ActionId, combos: readonly string[] | undefined) =>
    update((d) => ({ ...d, keybindings: withBinding(d.keybindings, id, combos) }));

  const onRecordKey = (id: ActionId, event: KeyboardEvent<HTMLButtonElement>) => {
    const plain = !event.ctrlKey && !event.altKey && !event.metaKey;
    // Tab still moves on, and Escape gives up (neither can be recorded; Reset gives Hide suggestion its Esc back).
    if (plain && event.key === 'Tab') return setRecording(undefined);
    event.preventDefault();
    event.stopPropagation();
    if (plain && !event.shiftKey && event.key === 'Escape') return setRecording(undefined);
    const combo = comboOf(event.nativeEvent);
    if (!combo) return;
    setRecording(undefined);
    const problem = comboProblem(combo, actionSpec(id)?.when);
    if (problem) return setRefused({ id, message: `Not saved: ${problem}.` });
    setRefused(undefined);
    const current = bindings.get(id) ?? [];
    if (!current.includes(combo)) set(id, [...current, combo].slice(-MAX_PER_ACTION));
  };

  return (
    <section className="settings-section" id="settings-keys" aria-labelledby="settings-keys-title" data-testid="keys-section">
      <h3 id="settings-keys-title">Keys</h3>
      <p className="settings-hint">
        Shortcuts are taken before the terminal sees the key. Add records the next combination you press (Esc cancels); the terminal keeps
        what programs need, such as Ctrl+C or Alt+B. Every action is also in the command palette (Ctrl+Shift+P).
      </p>
      <div className="keys-table" role="table" aria-label="Keyboard shortcuts">
        {bindableActions().map((spec) => {
          const id = spec.id as ActionId;
          const combos = bindings.get(id) ?? [];
          const changed = draft.keybindings[id] !== undefined;
          const { conflicts } = bindingProblems(bindings, id);
          const error = errors[`keybindings.${id}`];
          const kept = web ? combos.filter((c) => browserKeeps(c) !== undefined) : [];
          const notes =
            kept.length > 0
              ? [
                  `In browser mode the browser keeps ${kept.map((c) => displayCombo(c, mac)).join(' and ')} for itself; instead: ${(spec.browserAlternative ?? 'the palette').replace(/`/g, '')}.`,
                ]
              : [];
          const isRecording = recording === id;
          return (
            <div
              key={id}
              className={`keys-row${conflicts.length > 0 || error ? ' invalid' : ''}`}
              role="row"
              data-testid="keys-row"
              data-action-id={id}
            >
              <span className="keys-title" role="rowheader">
                {spec.title}
                {changed && (
                  <span className="keys-changed" title="Changed from the default">
                    {' '}
                    •
                  </span>
                )}
                {spec.when && <span className="keys-when">{WHEN[spec.when]}</span>}
              </span>
              <span className="keys-combos" role="cell">
                {combos.length === 0 && <span className="keys-none">none</span>}
                {combos.map((combo) => (
                  <span key={combo} className="key-chip" data-testid="keys-combo" data-combo={combo}>
                    {displayCombo(combo, mac)}
                    <button
                      type="button"
                      className="key-remove"
                      data-testid="keys-remove"
                      aria-label={`Remove ${displayCombo(combo, mac)} from ${spec.title}`}
                      onClick={() =>
                        set(
                          id,
                          combos.filter((c) => c !== combo),
                        )
                      }
                    >
                      ×
                    </button>
                  </span>
                ))}
              </span>
              <span className="keys-buttons" role="cell">
                <button
                  type="button"
                  className={`keys-record${isRecording ? ' recording' : ''}`}
                  data-testid="keys-record"
                  data-key-recorder=""
                  aria-label={isRecording ? `Press the new shortcut for ${spec.title}` : `Add a shortcut for ${spec.title}`}
                  disabled={!isRecording && combos.length >= MAX_PER_ACTION}
                  onClick={() => {
                    setRefused(undefined);
                    setRecording(isRecording ? undefined : id);
                  }}
                  onBlur={() => isRecording && setRecording(undefined)}
                  onKeyDown={(event) => isRecording && onRecordKey(id, event)}
                >
                  {isRecording ? 'Press keys…' : 'Add'}
                </button>
                {changed && (
                  <button
                    type="button"
                    data-testid="keys-reset"
                    aria-label={`Reset ${spec.title} to its default shortcut`}
                    onClick={() => set(id, undefined)}
                  >
                    Reset
                  </button>
                )}
              </span>
              {(refused?.id === id || conflicts.length > 0 || error || notes.length > 0) && (
                <span className="keys-notes" role="cell">
                  {refused?.id === id && (
                    <span className="field-error" role="alert" data-testid="keys-error">
                      {refused.message}
                    </span>
                  )}
                  {conflicts.map((conflict) => (
                    <span key={conflict} className="field-error" role="alert" data-testid="keys-conflict">
                      {conflict}
                    </span>
                  ))}
                  {error && conflicts.length === 0 && (
                    <span className="field-error" data-testid="field-error">
                      {error}
                    </span>
                  )}
                  {notes.map((note) => (
                    <span key={note} className="field-hint warn" data-testid="keys-browser-note">
                      {note}
                    </span>
                  ))}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
};
